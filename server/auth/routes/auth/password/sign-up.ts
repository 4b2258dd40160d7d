import { z } from "zod";
import { requestLocale } from "../../../../lib/request-locale.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { checkPasswordRequirements } from "../../../crypto/passwords.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { sendVerificationMail } from "../../../mail/contact-verification.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { requestCountry } from "../../../policy/request-country.ts";
import { checkSignUp, signUpContext } from "../../../policy/sign-up-rules.ts";
import { isTrustedUrl } from "../../../policy/trusted-domains.ts";
import { issueSession } from "../../../sign-in/issue-session.ts";
import { sessionOrigin } from "../../../sign-in/session-origin.ts";
import { personalTeamOf } from "../../../stores/teams.ts";
import type { UserRecord } from "../../../stores/users.ts";
import { readBody } from "../../../wire/headers.ts";
import { emailSchema, urlSchema } from "../../../wire/schemas.ts";

const body = z.strictObject({
  email: emailSchema,
  password: z.string(),
  verification_callback_url: urlSchema.optional(),
  // Sent only when the SDK is built with a bot-challenge site key; accepted and ignored.
  bot_challenge_token: z.string().optional(),
  bot_challenge_phase: z.enum(["invisible", "visible"]).optional(),
  bot_challenge_unavailable: z.string().optional(),
});

export function registerPasswordSignUp(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/password/sign-up", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project, user: caller } = c.get("auth");
    await deps.limits.perIp(c, "sign-up", LIMITS.signUpPerIp);
    await deps.limits.perEmail(project.id, "sign-up", input.email, LIMITS.signUpPerEmail);
    if (!project.config.credential_enabled) throw KnownErrors.passwordAuthenticationNotEnabled();
    if (!project.config.sign_up_enabled) throw KnownErrors.signUpNotEnabled();
    await deps.firstRun.assertSignUpOpen(project.id);
    checkPasswordRequirements(input.password);
    const callbackUrl = input.verification_callback_url;
    if (callbackUrl && !isTrustedUrl(project, callbackUrl, deps.ctx.publicUrl())) {
      throw KnownErrors.redirectUrlNotWhitelisted();
    }

    const ruled = checkSignUp(
      project.config,
      signUpContext({ email: input.email, authMethod: "password", countryCode: requestCountry(c, deps.config) }),
      caller?.isAnonymous ? caller.restrictedByAdminPrivateDetails : null,
    );
    let user: UserRecord;
    if (caller?.isAnonymous) {
      // The browser SDK signed the visitor up anonymously first; that user becomes the real one.
      user = await deps.users.update(project.id, caller.id, {
        isAnonymous: false,
        primaryEmail: input.email,
        primaryEmailAuthEnabled: true,
        password: input.password,
        ...ruled,
      });
    } else {
      user = await deps.users.create(
        project.id,
        { primaryEmail: input.email, primaryEmailAuthEnabled: true, password: input.password, ...ruled },
        personalTeamOf(project.config),
      );
    }
    if (callbackUrl && user.primaryEmail) {
      await sendVerificationMail(
        deps,
        project,
        user.id,
        { id: user.primaryChannelId, value: user.primaryEmail },
        new URL(callbackUrl, deps.ctx.publicUrl()).toString(),
        requestLocale(c),
      );
    }
    return c.json(await issueSession(deps, user, { origin: sessionOrigin(c, deps.config) }));
  });
}
