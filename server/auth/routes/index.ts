import type { AuthApp, AuthDeps } from "../auth-env.ts";
import { registerAnalyticsEvents } from "./analytics/events/batch.ts";
import { registerAnonymousSignUp } from "./auth/anonymous/sign-up.ts";
import { registerCliLogin } from "./auth/cli/index.ts";
import { registerMfaSignIn } from "./auth/mfa/sign-in.ts";
import { registerOAuthAuthorize } from "./auth/oauth/authorize.ts";
import { registerOAuthCallback } from "./auth/oauth/callback.ts";
import { registerDevProvider } from "./auth/oauth/dev-provider/authorize.ts";
import { registerOAuthToken } from "./auth/oauth/token.ts";
import { registerSendSignInCode } from "./auth/otp/send-sign-in-code.ts";
import { registerOtpCheckCode } from "./auth/otp/sign-in/check-code.ts";
import { registerOtpSignIn } from "./auth/otp/sign-in/index.ts";
import { registerResetCheckCode } from "./auth/password/reset/check-code.ts";
import { registerReset } from "./auth/password/reset/index.ts";
import { registerSendResetCode } from "./auth/password/send-reset-code.ts";
import { registerPasswordSet } from "./auth/password/set.ts";
import { registerPasswordSignIn } from "./auth/password/sign-in.ts";
import { registerPasswordSignUp } from "./auth/password/sign-up.ts";
import { registerPasswordUpdate } from "./auth/password/update.ts";
import { registerCurrentSession } from "./auth/sessions/current.ts";
import { registerSessions } from "./auth/sessions/index.ts";
import { registerCheckFeatureSupport } from "./check-feature-support.ts";
import { registerContactChannels } from "./contact-channels/index.ts";
import { registerSendVerificationCode } from "./contact-channels/send-verification-code.ts";
import { registerVerify } from "./contact-channels/verify/index.ts";
import { registerEmailTemplates } from "./email-templates/index.ts";
import { registerInternalApiKeys } from "./internal/api-keys.ts";
import { registerInternalEmails } from "./internal/emails.ts";
import { registerInternalMetrics } from "./internal/metrics.ts";
import { registerInternalProjectCurrent } from "./internal/projects/current.ts";
import { registerInternalProjects } from "./internal/projects/index.ts";
import { registerSendTestEmail } from "./internal/send-test-email.ts";
import { registerInternalWebhooks } from "./internal/webhooks.ts";
import { registerProjectCurrent } from "./projects/current.ts";
import { registerJwks } from "./projects/jwks.ts";
import { registerRoot } from "./root.ts";
import { registerTeamMemberProfiles } from "./team-member-profiles/index.ts";
import { registerTeamMemberships } from "./team-memberships/team-user.ts";
import { registerTeamPermissions } from "./team-permissions/index.ts";
import { registerTeams } from "./teams/index.ts";
import { registerTeamById } from "./teams/team-id.ts";
import { registerUsers } from "./users/index.ts";
import { registerUsersMe } from "./users/me.ts";
import { registerUserById } from "./users/user-id.ts";

/** Every route of the auth service; the folders below mirror Stack's URL tree. */
export function registerRoutes(app: AuthApp, deps: AuthDeps): void {
  registerRoot(app);
  registerProjectCurrent(app, deps);
  registerInternalProjectCurrent(app, deps);
  registerInternalApiKeys(app, deps);
  registerInternalMetrics(app, deps);
  registerCheckFeatureSupport(app, deps);
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
  registerTeams(app, deps);
  // auth-teams: teams, memberships, team permissions
  registerTeamById(app, deps);
  registerTeamMemberships(app, deps);
  registerTeamPermissions(app, deps);
  registerTeamMemberProfiles(app, deps);
  registerOAuthAuthorize(app, deps);
  registerOAuthCallback(app, deps);
  // Project administration: e-mail templates, test mail, sent mails, webhook endpoints, owned projects.
  registerEmailTemplates(app, deps);
  registerSendTestEmail(app, deps);
  registerInternalEmails(app, deps);
  registerInternalWebhooks(app, deps);
  registerInternalProjects(app, deps);
  // auth-signin: one-time codes and magic links.
  registerSendSignInCode(app, deps);
  registerOtpCheckCode(app, deps);
  registerOtpSignIn(app, deps);
  // auth-signin: TOTP multi-factor.
  registerMfaSignIn(app, deps);
  // auth-signin: command-line login.
  registerCliLogin(app, deps);
  if ([...deps.social.values()].some((p) => p.isDevelopment)) registerDevProvider(app, deps);
}
