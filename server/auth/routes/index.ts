import type { AuthApp, AuthDeps } from "../auth-env.ts";
import { registerAnalyticsEvents } from "./analytics/events/batch.ts";
import { registerAnonymousSignUp } from "./auth/anonymous/sign-up.ts";
import { registerOAuthToken } from "./auth/oauth/token.ts";
import { registerResetCheckCode } from "./auth/password/reset/check-code.ts";
import { registerReset } from "./auth/password/reset/index.ts";
import { registerSendResetCode } from "./auth/password/send-reset-code.ts";
import { registerPasswordSet } from "./auth/password/set.ts";
import { registerPasswordSignIn } from "./auth/password/sign-in.ts";
import { registerPasswordSignUp } from "./auth/password/sign-up.ts";
import { registerPasswordUpdate } from "./auth/password/update.ts";
import { registerCurrentSession } from "./auth/sessions/current.ts";
import { registerSessions } from "./auth/sessions/index.ts";
import { registerContactChannels } from "./contact-channels/index.ts";
import { registerSendVerificationCode } from "./contact-channels/send-verification-code.ts";
import { registerVerify } from "./contact-channels/verify/index.ts";
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
  registerSendResetCode(app, deps);
  registerResetCheckCode(app, deps);
  registerReset(app, deps);
  registerPasswordUpdate(app, deps);
  registerPasswordSet(app, deps);
  registerContactChannels(app, deps);
  registerVerify(app, deps);
  registerSendVerificationCode(app, deps);
  registerAnalyticsEvents(app, deps);
}
