import { projectAuth } from "../../../access/project-auth.ts";
import { requireSignedIn } from "../../../access/signed-in.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { refreshAccessToken } from "../../../sign-in/refresh-session.ts";
import { stackHeader } from "../../../wire/headers.ts";

export function registerCurrentSession(app: AuthApp, deps: AuthDeps): void {
  // Sign-out deletes the session named by the access token's refresh_token_id claim.
  app.delete("/auth/sessions/current", projectAuth(deps), async (c) => {
    const { user, claims } = requireSignedIn(c);
    const deleted = await deps.sessions.revoke(user.projectId, user.id, claims.refresh_token_id);
    if (!deleted) throw KnownErrors.refreshTokenNotFoundOrExpired();
    return c.json({ success: true });
  });

  // The legacy refresh (REST clients and Stack's tests; the SDK uses the token endpoint).
  app.post("/auth/sessions/current/refresh", projectAuth(deps), async (c) => {
    const { project } = c.get("auth");
    const refreshToken = stackHeader(c, "refresh-token");
    return c.json({ access_token: await refreshAccessToken(deps, c, project.id, refreshToken) });
  });
}
