import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { requestCountry } from "../../../policy/request-country.ts";
import { issueSession } from "../../../sign-in/issue-session.ts";
import { sessionOrigin } from "../../../sign-in/session-origin.ts";
import { personalTeamOf } from "../../../stores/teams.ts";

/** The browser SDK signs visitors up anonymously before reporting analytics events. */
export function registerAnonymousSignUp(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/anonymous/sign-up", projectAuth(deps), async (c) => {
    const { project } = c.get("auth");
    if (!project.config.anonymous_enabled) throw KnownErrors.anonymousAccountsNotEnabled();
    await deps.limits.perIp(c, "anonymous-sign-up", LIMITS.anonymousSignUpPerIp);
    await deps.firstRun.assertSignUpOpen(project.id);
    const user = await deps.users.create(
      project.id,
      { isAnonymous: true, displayName: null, countryCode: requestCountry(c, deps.config) },
      personalTeamOf(project.config),
    );
    return c.json(await issueSession(deps, user, { origin: sessionOrigin(c, deps.config) }));
  });
}
