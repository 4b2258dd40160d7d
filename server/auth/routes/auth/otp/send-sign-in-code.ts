import { z } from "zod";
import { requestLocale } from "../../../../lib/request-locale.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { signInCodeMail } from "../../../mail/auth-mails.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { requestCountry } from "../../../policy/request-country.ts";
import { isTrustedUrl } from "../../../policy/trusted-domains.ts";
import { TYPED_CODE_LENGTH } from "../../../stores/verification-codes.ts";
import { readBody } from "../../../wire/headers.ts";
import { emailSchema, urlSchema } from "../../../wire/schemas.ts";
import { otpAccountFor, otpNotEnabled } from "./account.ts";

const body = z.strictObject({
  email: emailSchema,
  callback_url: urlSchema,
  // Sent only when the SDK is built with a bot-challenge site key; accepted and ignored.
  bot_challenge_token: z.string().optional(),
  bot_challenge_phase: z.enum(["invisible", "visible"]).optional(),
  bot_challenge_unavailable: z.string().optional(),
});

/**
 * Sends a mail with a link carrying the whole code and the first six characters to type; the
 * answer carries the remaining characters as `nonce`, so a typed code only works together with the
 * page that asked for it. An address claimed by an account that never proved it gets no code
 * (USER_EMAIL_ALREADY_EXISTS), and a new address none when sign-up is off (as on Stack's server).
 */
export function registerSendSignInCode(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/otp/send-sign-in-code", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-send", LIMITS.codeSendPerIp);
    await deps.limits.mailTo(c, project.id, "code-send", input.email);
    if (!project.config.magic_link_enabled) throw otpNotEnabled();
    if (!isTrustedUrl(project, input.callback_url, deps.ctx.publicUrl())) throw KnownErrors.redirectUrlNotWhitelisted();
    await otpAccountFor(deps, project, input.email);
    const callbackUrl = new URL(input.callback_url, deps.ctx.publicUrl()).toString();
    // A sign-up by this code is judged by where it was asked for (as on Stack's server).
    const country = requestCountry(c, deps.config);
    const code = await deps.codes.create(project.id, "otp_sign_in", null, {
      email: input.email,
      ...(country ? { country_code: country } : {}),
    });
    const typed = code.slice(0, TYPED_CODE_LENGTH).toUpperCase();
    await deps.mailer.send(
      await signInCodeMail(deps.ctx.store, project, input.email, callbackUrl, code, typed, requestLocale(c)),
    );
    return c.json({ nonce: code.slice(TYPED_CODE_LENGTH) });
  });
}
