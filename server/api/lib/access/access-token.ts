import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import type { ApiErrorCode } from "../../../contract/api-errors.ts";
import { accessTokenFromCookies } from "../../../contract/session-cookie.ts";
import type { StackTarget } from "../../../service-context.ts";
import type { ApiUser } from "../core/api-env.ts";

/** Where an access token may arrive, in the order they are tried: the SDK headers, then cookies. */
export function findAccessToken(header: (name: string) => string | undefined): string | null {
  const stackAuth = header("x-stack-auth");
  if (stackAuth) {
    try {
      const parsed = JSON.parse(stackAuth) as { accessToken?: unknown };
      if (typeof parsed.accessToken === "string" && parsed.accessToken) return parsed.accessToken;
    } catch {
      // Not JSON: fall through to the other places rather than failing the request here.
    }
  }
  for (const name of ["x-stack-access-token", "x-hexclave-access-token"]) {
    const value = header(name)?.trim();
    if (value) return value;
  }
  const authorization = header("authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return bearer;
  return accessTokenFromCookies(header("cookie"));
}

export class TokenRejected extends Error {
  override name = "TokenRejected";
  constructor(
    readonly code: Extract<
      ApiErrorCode,
      | "INVALID_ACCESS_TOKEN"
      | "ACCESS_TOKEN_EXPIRED"
      | "ANONYMOUS_USER_NOT_ALLOWED"
      | "RESTRICTED_USER_NOT_ALLOWED"
      | "IMPERSONATION_ENDED"
    >,
    message: string,
  ) {
    super(message);
  }
}

/** Verified tokens are remembered until they expire, so a busy client costs one signature check. */
const CACHE_MAX = 10_000;

export interface AccessTokenVerifier {
  verify(token: string): Promise<ApiUser>;
}

/**
 * Verifies access tokens as any third-party backend of a Stack project would: ES256 signatures
 * against the project's JWKS (fetched once and cached by jose), and only full users: anonymous and
 * restricted ones are refused.
 */
export function createAccessTokenVerifier(stack: StackTarget): AccessTokenVerifier {
  // The base URL of the embedded service is known only once the server listens, so build lazily.
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  let jwksUrl = "";
  const cache = new Map<string, ApiUser>();

  const keySet = () => {
    // Every audience's keys, so that an anonymous or restricted user's genuine token is refused
    // below with its own reason rather than as a bad signature.
    const url = `${stack.baseUrl()}/api/v1/projects/${encodeURIComponent(stack.projectId)}/.well-known/jwks.json?include_anonymous=true`;
    if (!jwks || url !== jwksUrl) {
      jwks = createRemoteJWKSet(new URL(url), { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 });
      jwksUrl = url;
    }
    return jwks;
  };

  return {
    async verify(token) {
      const now = Date.now() / 1000;
      const cached = cache.get(token);
      if (cached) {
        if (cached.expiresAt > now) return cached;
        cache.delete(token);
      }
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, keySet(), { algorithms: ["ES256"] }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          throw new TokenRejected("ACCESS_TOKEN_EXPIRED", "The access token has expired.");
        }
        throw new TokenRejected("INVALID_ACCESS_TOKEN", "The access token is invalid.");
      }
      const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
      if (payload.is_anonymous === true || aud === `${stack.projectId}:anon`) {
        throw new TokenRejected("ANONYMOUS_USER_NOT_ALLOWED", "Anonymous users cannot use this API; sign up first.");
      }
      if (payload.is_restricted === true || aud === `${stack.projectId}:restricted`) {
        throw new TokenRejected(
          "RESTRICTED_USER_NOT_ALLOWED",
          "This account is restricted (for example, its e-mail is not verified yet).",
        );
      }
      if (aud !== stack.projectId || typeof payload.sub !== "string" || typeof payload.exp !== "number") {
        throw new TokenRejected("INVALID_ACCESS_TOKEN", "The access token is not for this project.");
      }
      const user: ApiUser = {
        id: payload.sub,
        email: typeof payload.email === "string" ? payload.email : null,
        expiresAt: payload.exp,
        ...(typeof payload.refresh_token_id === "string" ? { sessionId: payload.refresh_token_id } : {}),
      };
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(token, user);
      return user;
    },
  };
}
