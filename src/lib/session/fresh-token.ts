import { getRuntimeConfig } from "@/lib/runtime-config";
import { usableCookieSession } from "./cookie-session";
import { isImpersonationTab } from "./impersonation";
import { hasSessionCookie } from "./session-hint";
import { getStackApp } from "./stack";

/**
 * A current access token of the signed-in user, or null. The cookie's token is used while it is
 * good for a minute more; otherwise the SDK refreshes it (and writes it back to the cookie, which
 * the socket uses). Without a session cookie the SDK is not even loaded.
 */
export async function freshAccessToken(): Promise<string | null> {
  // The tab's own session, never the operator's cookie (impersonation.ts).
  if (isImpersonationTab()) return await sdkAccessToken();
  const { projectId } = await getRuntimeConfig();
  if (!hasSessionCookie(document.cookie, projectId)) return null;
  const session = usableCookieSession(document.cookie);
  if (session) return session.claims.isAnonymous || session.claims.isRestricted ? null : session.token;
  return await sdkAccessToken();
}

async function sdkAccessToken(): Promise<string | null> {
  const app = await getStackApp();
  const user = await app.getUser();
  return (await user?.getAuthJson())?.accessToken ?? null;
}

/** Headers for our API: the token in the SDK's own header, which the app API reads first. */
export async function apiAuthHeaders(): Promise<Record<string, string>> {
  const token = await freshAccessToken();
  return token ? { "x-stack-access-token": token } : {};
}
