import { queryOptions } from "@tanstack/react-query";
import { getRuntimeConfig } from "@/lib/runtime-config";
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

/** Reads the user through the SDK, without loading the SDK when no session cookie exists. */
export async function loadSessionUser({ waitForCookie = false } = {}): Promise<SessionUser | null> {
  const { projectId } = await getRuntimeConfig();
  const hasCookie = await waitForSessionCookie(projectId, {
    timeoutMs: waitForCookie ? GUARD_REDIRECT_PAUSE_MS : 0,
    intervalMs: AUTH_COOKIE_POLL_MS,
  });
  if (!hasCookie) return null;
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
