import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { issueSession } from "../../../issue-session.ts";
import { KnownErrors } from "../../../known-errors.ts";
import { projectAuth } from "../../../project-auth.ts";
import { LIMITS } from "../../../rate-limit.ts";
import { personalTeamOf } from "../../../teams/teams.ts";

/** The browser SDK signs visitors up anonymously before reporting analytics events. */
export function registerAnonymousSignUp(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/anonymous/sign-up", projectAuth(deps), async (c) => {
    const { project } = c.get("auth");
    if (!project.config.anonymous_enabled) throw KnownErrors.anonymousAccountsNotEnabled();
    await deps.limits.perIp(c, "anonymous-sign-up", LIMITS.anonymousSignUpPerIp);
    const user = await deps.users.create(
      project.id,
      { isAnonymous: true, displayName: null },
      personalTeamOf(project.config),
    );
    return c.json(await issueSession(deps, user));
  });
}
