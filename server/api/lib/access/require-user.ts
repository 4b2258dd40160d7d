import { createMiddleware } from "hono/factory";
import { accessTokenFromCookies } from "../../../contract/session-cookie.ts";
import { fromOwnOrigin, isStateChanging } from "../../../http/same-origin.ts";
import type { ApiEnv } from "../core/api-env.ts";
import { apiError } from "../core/api-error.ts";
import { type AccessTokenVerifier, findAccessToken, TokenRejected } from "./access-token.ts";
import { looksLikeServiceToken } from "./service-token-keys.ts";

/** A write (or socket) authenticated by the session cookie that another site's page started. */
export function crossSiteCookieRequest(
  header: (name: string) => string | undefined,
  method: string,
  publicUrl: string,
): boolean {
  const byHeader = findAccessToken((name) => (name === "cookie" ? undefined : header(name))) !== null;
  const byCookie = !byHeader && accessTokenFromCookies(header("cookie")) !== null;
  return byCookie && isStateChanging(method) && !fromOwnOrigin(header, publicUrl);
}

/**
 * Lets only signed-in full users through and puts them in `c.var.user`. A state-changing request
 * that authenticates by cookie must come from the console's own pages (see same-origin.ts).
 *
 * @example routes.use("*", requireUser(verifier, publicUrl)).get("/", (c) => c.json([c.var.user.id, null]))
 */
export function requireUser(verifier: AccessTokenVerifier, publicUrl: () => string) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const header = (name: string) => c.req.header(name);
    const token = findAccessToken(header);
    if (!token) throw apiError("UNAUTHENTICATED", "Sign in first: no access token was sent.");
    if (crossSiteCookieRequest(header, c.req.method, publicUrl())) {
      throw apiError("CROSS_SITE_REQUEST_REFUSED", "This request came from another site; it was not carried out.");
    }
    if (looksLikeServiceToken(token)) {
      throw apiError(
        "SERVICE_TOKEN_NOT_ALLOWED",
        "A service token can only read its app's secrets (GET /api/v1/apps/{appId}/secrets).",
      );
    }
    try {
      c.set("user", await verifier.verify(token));
    } catch (error) {
      if (error instanceof TokenRejected) throw apiError(error.code, error.message);
      throw error;
    }
    await next();
  });
}
