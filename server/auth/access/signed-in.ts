import type { Context } from "hono";
import type { AuthEnv } from "../auth-env.ts";
import { KnownErrors } from "../errors/known-errors.ts";

/**
 * For routes that need a user but do not name `me` in their URL: Stack answers those with a
 * schema error on `auth.user`.
 */
export function requireSignedIn(c: Context<AuthEnv>) {
  const { user, claims } = c.get("auth");
  if (!user || !claims) {
    const at = c.req.path.indexOf("/api/v1");
    throw KnownErrors.schemaError(
      `Request validation failed on ${c.req.method} ${c.req.path.slice(Math.max(at, 0))}:\n  - auth.user must be defined`,
    );
  }
  return { user, claims };
}
