import { projectAuth } from "../../../access/project-auth.ts";
import { requireSignedIn } from "../../../access/signed-in.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { tokenSubject } from "../../../stores/users.ts";
import { stackHeader } from "../../../wire/headers.ts";
import { KnownErrors } from "../../../wire/known-errors.ts";

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
    const { session, user } = await deps.limits.secret(c, "token", async () => {
      const found = refreshToken ? await deps.sessions.findByToken(project.id, refreshToken) : null;
      const owner = found ? await deps.users.get(project.id, found.userId) : null;
      if (!found || !owner) throw KnownErrors.refreshTokenNotFoundOrExpired();
      return { session: found, user: owner };
    });
    await Promise.all([deps.sessions.touch(session.id), deps.users.touch(user.id)]);
    return c.json({ access_token: await deps.tokens.sign(tokenSubject(user, session.id)) });
  });
}
