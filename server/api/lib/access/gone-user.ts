import { createMiddleware } from "hono/factory";
import { isHttpError } from "../../../lib/errors.ts";
import type { ApiEnv } from "../core/api-env.ts";
import { apiError } from "../core/api-error.ts";
import { isUserGone, type StackServerApi } from "./stack-server-api.ts";

/** What the auth service answers about a user, or a call made with their token, once the user is deleted. */
const GONE_CODES = new Set(["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER"]);

/**
 * Access tokens are checked by signature, so a user deleted at the auth service keeps a token that
 * passes requireUser until it expires; the routes' calls to the auth service about them then fail.
 * After requireUser: when a route ends in such a failure, the caller is looked up once, and if they
 * are gone the answer is 401 INVALID_ACCESS_TOKEN (the web app signs out), not the 502 the call
 * failed with. Anything else, a failure about another user included, stays as it was.
 */
export function answerGoneCallers(stackApi: StackServerApi) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    await next();
    const error = c.error;
    if (!isHttpError(error) || error.code !== "AUTH_SERVICE_UNAVAILABLE") return;
    if (!GONE_CODES.has(String(error.details?.authErrorCode))) return;
    const gone = await stackApi.getUser(c.var.user.id).then(
      () => false,
      (lookup: unknown) => isUserGone(lookup),
    );
    if (gone) throw apiError("INVALID_ACCESS_TOKEN", "The access token's user no longer exists.");
  });
}
