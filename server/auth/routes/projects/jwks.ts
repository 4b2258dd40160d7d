import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { StatusError } from "../../errors/status-error.ts";
import { readQuery } from "../../wire/headers.ts";

const flag = z.enum(["true", "false"]).optional();
const jwksQuery = z.object({ include_restricted: flag, include_anonymous: flag });

/**
 * GET /projects/{id}/.well-known/jwks.json: the keys of full users' tokens (two: the signing key
 * and its published successor); `include_restricted=true` adds restricted users' keys,
 * `include_anonymous=true` those and anonymous users' keys, so a backend that trusts only the
 * default set never accepts an anonymous or restricted user's token.
 */
export function registerJwks(app: AuthApp, deps: AuthDeps): void {
  app.get("/projects/:projectId/.well-known/jwks.json", async (c) => {
    const query = readQuery(c, jwksQuery);
    const entry = await deps.projects.get(c.req.param("projectId"));
    if (!entry) throw new StatusError("PROJECT_NOT_FOUND", "Project not found.");
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(
      await deps.tokens.jwks({
        restricted: query.include_restricted === "true",
        anonymous: query.include_anonymous === "true",
      }),
    );
  });
}
