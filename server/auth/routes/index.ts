import type { AuthApp, AuthDeps } from "../auth-env.ts";
import { registerAnonymousSignUp } from "./auth/anonymous/sign-up.ts";
import { registerOAuthToken } from "./auth/oauth/token.ts";
import { registerPasswordSignIn } from "./auth/password/sign-in.ts";
import { registerPasswordSignUp } from "./auth/password/sign-up.ts";
import { registerCurrentSession } from "./auth/sessions/current.ts";
import { registerSessions } from "./auth/sessions/index.ts";
import { registerProjectCurrent } from "./projects/current.ts";
import { registerJwks } from "./projects/jwks.ts";
import { registerUsers } from "./users/index.ts";
import { registerUsersMe } from "./users/me.ts";
import { registerUserById } from "./users/user-id.ts";

/** Every route of the auth service; the folders below mirror Stack's URL tree. */
export function registerRoutes(app: AuthApp, deps: AuthDeps, options: { enabledOAuthProviders: () => string[] }): void {
  registerProjectCurrent(app, deps, options.enabledOAuthProviders);
  registerJwks(app, deps);
  registerPasswordSignUp(app, deps);
  registerPasswordSignIn(app, deps);
  registerAnonymousSignUp(app, deps);
  registerOAuthToken(app, deps);
  registerCurrentSession(app, deps);
  registerSessions(app, deps);
  registerUsersMe(app, deps);
  registerUsers(app, deps);
  registerUserById(app, deps);
}
