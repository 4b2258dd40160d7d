/**
 * The Stack SDK keeps the session in cookies: `hexclave-access` (SDK 2.8.108) or `stack-access`
 * (earlier releases), each URL-encoded JSON `[refreshToken, accessToken]`. The app API reads the
 * token from them; the browser reads it to skip loading the SDK while the token is still good.
 */
const ACCESS_COOKIES = ["hexclave-access", "stack-access"];

export function accessTokenFromCookies(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const cookies = new Map<string, string>();
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const name of ACCESS_COOKIES) {
    const raw = cookies.get(name);
    if (!raw) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(raw));
      if (Array.isArray(value) && typeof value[1] === "string" && value[1]) return value[1];
    } catch {
      // A malformed cookie is treated as absent; another cookie or a header may still carry a token.
    }
  }
  return null;
}

/** The claims the browser acts on. Unverified: whoever receives the token checks its signature. */
export interface UnverifiedClaims {
  sub: string;
  exp: number;
  isAnonymous: boolean;
  isRestricted: boolean;
}

export function unverifiedClaims(token: string): UnverifiedClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(json) as Record<string, unknown>;
    if (typeof claims.sub !== "string" || typeof claims.exp !== "number") return null;
    return {
      sub: claims.sub,
      exp: claims.exp,
      isAnonymous: claims.is_anonymous === true,
      isRestricted: claims.is_restricted === true,
    };
  } catch {
    return null;
  }
}
