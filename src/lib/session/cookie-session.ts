import { accessTokenFromCookies, type UnverifiedClaims, unverifiedClaims } from "@contract/session-cookie";

/** A token this close to its expiry is left to the SDK, which refreshes it. */
export const MIN_TOKEN_VALIDITY_MS = 60_000;

/**
 * The access token the SDK keeps in its cookie, while it is good for at least a minute more: with
 * it the app can talk to its APIs without loading the SDK (about 150 KB gzip), which is then needed
 * only to refresh the token or for sign-in actions.
 */
export function usableCookieSession(
  cookieHeader: string,
  nowMs = Date.now(),
): { token: string; claims: UnverifiedClaims } | null {
  const token = accessTokenFromCookies(cookieHeader);
  const claims = token ? unverifiedClaims(token) : null;
  if (!token || !claims || claims.exp * 1000 - nowMs < MIN_TOKEN_VALIDITY_MS) return null;
  return { token, claims };
}
