import { unverifiedClaims } from "@contract/session-cookie";
import { getRuntimeConfig } from "@/lib/runtime-config";
import { MIN_TOKEN_VALIDITY_MS, usableCookieSession } from "./cookie-session";
import { currentImpersonation } from "./impersonation";
import { hasSessionCookie } from "./session-hint";
import { getStackApp } from "./stack";

/**
 * A current access token of the signed-in user, or null. The cookie's token is used while it is
 * good for a minute more; otherwise the SDK refreshes it (and writes it back to the cookie, which
 * the socket uses). Without a session cookie the SDK is not even loaded.
 */
export async function freshAccessToken(): Promise<string | null> {
  // The tab's own session, never the operator's cookie (impersonation.ts).
  const impersonation = currentImpersonation();
  if (impersonation) return await impersonationAccessToken(impersonation.accessToken);
  const { projectId } = await getRuntimeConfig();
  if (!hasSessionCookie(document.cookie, projectId)) return null;
  const session = usableCookieSession(document.cookie);
  if (session) return session.claims.isAnonymous || session.claims.isRestricted ? null : session.token;
  return await sdkAccessToken();
}

let tabToken: string | null = null;

/**
 * An impersonation tab's token: the last one while it is good for a minute more (the SDK's store
 * there starts from the hand-over on every use, so asking it each time would refresh each time).
 */
async function impersonationAccessToken(handedOver: string): Promise<string | null> {
  tabToken ??= handedOver;
  const claims = unverifiedClaims(tabToken);
  if (claims && claims.exp * 1000 - Date.now() >= MIN_TOKEN_VALIDITY_MS) return tabToken;
  tabToken = (await sdkAccessToken()) ?? handedOver;
  return tabToken;
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
