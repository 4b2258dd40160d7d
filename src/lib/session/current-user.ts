import { queryOptions } from "@tanstack/react-query";
import { authServiceRequestRaw } from "@/lib/api-client";
import { getRuntimeConfig } from "@/lib/runtime-config";
import { usableCookieSession } from "./cookie-session";
import { isImpersonationTab } from "./impersonation";
import { hasSessionCookie } from "./session-hint";
import { getStackApp, withoutSdkRedirects } from "./stack";

/** The signed-in user as the app uses it; anonymous users never become one. */
export interface SessionUser {
  id: string;
  email: string | null;
  /** Whether the primary e-mail is verified (an unverified user sees a banner with a resend). */
  emailVerified: boolean;
  projectInitialized: boolean;
}

export const authKeys = {
  user: ["auth", "user"] as const,
};

/**
 * Reads the user: with a good access token in the session cookie, one call to /users/me;
 * otherwise through the SDK, which refreshes the token; without a session cookie, not at all (a
 * visitor without one goes to /login at once: every sign-in writes the cookie before it navigates).
 */
export async function loadSessionUser(): Promise<SessionUser | null> {
  // An impersonation tab's session is the SDK's alone: the cookies are the operator's.
  if (!isImpersonationTab()) {
    const config = await getRuntimeConfig();
    if (!hasSessionCookie(document.cookie, config.projectId)) return null;
    const fromCookie = await userFromCookieToken();
    if (fromCookie !== undefined) return fromCookie;
  }
  const app = await getStackApp();
  // Anonymous and restricted users count as signed out, as the app API treats them (403).
  const user = await app.getUser();
  if (!user) return null;
  return {
    id: user.id,
    email: user.primaryEmail,
    emailVerified: user.primaryEmailVerified,
    projectInitialized: readProjectInitialized(user.clientReadOnlyMetadata),
  };
}

/** The user behind the cookie's access token, or undefined when only the SDK can tell. */
async function userFromCookieToken(): Promise<SessionUser | null | undefined> {
  const session = usableCookieSession(document.cookie);
  if (!session) return undefined;
  // Anonymous and restricted users count as signed out, as the app API treats them (403).
  if (session.claims.isAnonymous || session.claims.isRestricted) return null;
  const response = await authServiceRequestRaw("/users/me", {
    access: "client",
    headers: { "x-stack-access-token": session.token },
  });
  // Revoked, or signed by a key since rotated out: the SDK refreshes the token or signs out.
  if (!response.ok) return undefined;
  const me = (await response.json()) as {
    id: string;
    primary_email: string | null;
    primary_email_verified: boolean;
    client_read_only_metadata: unknown;
  };
  return {
    id: me.id,
    email: me.primary_email,
    emailVerified: me.primary_email_verified === true,
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
    queryFn: () => loadSessionUser(),
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
