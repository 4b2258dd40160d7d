import type { WebhookPortalToken } from "../../../contract/auth-webhooks.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";

/**
 * POST /webhooks/svix-token: Stack answers a Svix app-portal token here (the SDK's
 * `getSvixToken()` reads `token`). Ours is a webhook-portal token for this project: it reads the
 * project's endpoints and delivery log at /webhooks/portal/* and nothing else, for an hour.
 */
export function registerSvixToken(app: AuthApp, deps: AuthDeps): void {
  app.post("/webhooks/svix-token", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
    const { token, expiresAt } = await deps.portalTokens.issue(project.id);
    const answer: WebhookPortalToken = { token, expires_at_millis: expiresAt };
    return c.json(answer);
  });
}
