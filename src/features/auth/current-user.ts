import type { RuntimeConfig } from "@contract/runtime-config";
import { queryOptions } from "@tanstack/react-query";
import { getRuntimeConfig } from "@/lib/runtime-config";
import { usableCookieSession } from "./cookie-session";
import { waitForSessionCookie } from "./session-hint";
import { getStackApp, withoutSdkRedirects } from "./stack";

/** The signed-in user as the app uses it; anonymous users never become one. */
export interface SessionUser {
  id: string;
  email: string | null;
  projectInitialized: boolean;
}

/** How long the guard waits for a session cookie before sending a visitor to /login. */
export const GUARD_REDIRECT_PAUSE_MS = 2000;
/** How often it looks for the cookie meanwhile. */
export const AUTH_COOKIE_POLL_MS = 100;

export const authKeys = {
  user: ["auth", "user"] as const,
};

/**
 * Reads the user: with a good access token in the session cookie, one call to /users/me;
 * otherwise through the SDK, which refreshes the token; without a session cookie, not at all.
 */
export async function loadSessionUser({ waitForCookie = false } = {}): Promise<SessionUser | null> {
  const config = await getRuntimeConfig();
  const hasCookie = await waitForSessionCookie(config.projectId, {
    timeoutMs: waitForCookie ? GUARD_REDIRECT_PAUSE_MS : 0,
    intervalMs: AUTH_COOKIE_POLL_MS,
  });
  if (!hasCookie) return null;
  const fromCookie = await userFromCookieToken(config);
  if (fromCookie !== undefined) return fromCookie;
  const app = await getStackApp();
  // Anonymous and restricted users count as signed out, as the app API treats them (403).
  const user = await app.getUser();
  if (!user) return null;
  return {
    id: user.id,
    email: user.primaryEmail,
    projectInitialized: readProjectInitialized(user.clientReadOnlyMetadata),
  };
}

/** The user behind the cookie's access token, or undefined when only the SDK can tell. */
async function userFromCookieToken(config: RuntimeConfig): Promise<SessionUser | null | undefined> {
  const session = usableCookieSession(document.cookie);
  if (!session) return undefined;
  // Anonymous and restricted users count as signed out, as the app API treats them (403).
  if (session.claims.isAnonymous || session.claims.isRestricted) return null;
  const response = await fetch(`${config.authBaseUrl}/api/v1/users/me`, {
    headers: {
      "x-stack-project-id": config.projectId,
      "x-stack-access-type": "client",
      "x-stack-access-token": session.token,
      ...(config.publishableClientKey ? { "x-stack-publishable-client-key": config.publishableClientKey } : {}),
    },
  });
  // Revoked, or signed by a key since rotated out: the SDK refreshes the token or signs out.
  if (!response.ok) return undefined;
  const me = (await response.json()) as {
    id: string;
    primary_email: string | null;
    client_read_only_metadata: unknown;
  };
  return {
    id: me.id,
    email: me.primary_email,
    projectInitialized: readProjectInitialized(me.client_read_only_metadata),
  };
}

export function readProjectInitialized(metadata: unknown): boolean {
  return (
    typeof metadata === "object" &&
    metadata !== null &&
    (metadata as { projectInitialized?: unknown }).projectInitialized === true
  );
}

export const sessionUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user,
    queryFn: () => loadSessionUser({ waitForCookie: true }),
    staleTime: 0,
    retry: false,
  });

/** Signs out through the SDK; the caller decides where to go next. */
export async function signOut(): Promise<void> {
  const app = await getStackApp();
  const user = await app.getUser({ includeRestricted: true });
  await withoutSdkRedirects(async () => {
    await user?.signOut();
  });
}
