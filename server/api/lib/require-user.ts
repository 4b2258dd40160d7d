import { createMiddleware } from "hono/factory";
import { type AccessTokenVerifier, findAccessToken, TokenRejected } from "./access-token.ts";
import type { ApiEnv } from "./api-env.ts";
import { apiError } from "./api-error.ts";

/**
 * Lets only signed-in full users through and puts them in `c.var.user`.
 *
 * @example routes.use("*", requireUser(verifier)).get("/", (c) => c.json([c.var.user.id, null]))
 */
export function requireUser(verifier: AccessTokenVerifier) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const token = findAccessToken((name) => c.req.header(name));
    if (!token) throw apiError("UNAUTHENTICATED", "Sign in first: no access token was sent.");
    try {
      c.set("user", await verifier.verify(token));
    } catch (error) {
      if (error instanceof TokenRejected) throw apiError(error.code, error.message);
      throw error;
    }
    await next();
  });
}
