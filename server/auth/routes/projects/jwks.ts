import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { StatusError } from "../../wire/status-error.ts";

/**
 * GET /projects/{id}/.well-known/jwks.json. One key set serves all audiences (normal, restricted
 * and anonymous users), so include_restricted / include_anonymous change nothing.
 */
export function registerJwks(app: AuthApp, deps: AuthDeps): void {
  app.get("/projects/:projectId/.well-known/jwks.json", async (c) => {
    const entry = await deps.projects.get(c.req.param("projectId"));
    if (!entry) throw new StatusError(404, "PROJECT_NOT_FOUND", "Project not found.");
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(await deps.tokens.jwks());
  });
}
