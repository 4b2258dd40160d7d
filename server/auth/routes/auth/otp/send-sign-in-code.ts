import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { signInCodeMail } from "../../../auth-mails.ts";
import { KnownErrors } from "../../../known-errors.ts";
import { projectAuth } from "../../../project-auth.ts";
import { LIMITS } from "../../../rate-limit.ts";
import { emailSchema, urlSchema } from "../../../schemas.ts";
import { StatusError } from "../../../status-error.ts";
import { isTrustedUrl } from "../../../trusted-domains.ts";
import { readBody } from "../../../wire.ts";

const body = z.strictObject({
  email: emailSchema,
  callback_url: urlSchema,
  // Sent only when the SDK is built with a bot-challenge site key; accepted and ignored.
  bot_challenge_token: z.string().optional(),
  bot_challenge_phase: z.enum(["invisible", "visible"]).optional(),
  bot_challenge_unavailable: z.string().optional(),
});

/** Characters of the 45-character code the user types; the rest (the nonce) stays with the page that asked. */
export const TYPED_CODE_LENGTH = 6;

/**
 * Sends a mail with a link carrying the whole code and the first six characters to type; the
 * answer carries the remaining characters as `nonce`, so a typed code only works together with the
 * page that asked for it. The answer is the same whether or not the address has an account.
 */
export function registerSendSignInCode(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/otp/send-sign-in-code", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-send", LIMITS.codeSendPerIp);
    await deps.limits.perEmail(project.id, "code-send", input.email, LIMITS.codeSendPerEmail);
    if (!project.config.magic_link_enabled) throw new StatusError(400, "Magic link is not enabled for this project.");
    if (!isTrustedUrl(project, input.callback_url, deps.ctx.publicUrl())) throw KnownErrors.redirectUrlNotWhitelisted();
    const callbackUrl = new URL(input.callback_url, deps.ctx.publicUrl()).toString();
    const code = await deps.codes.create(project.id, "otp_sign_in", null, { email: input.email });
    const typed = code.slice(0, TYPED_CODE_LENGTH).toUpperCase();
    await deps.mailer.send(await signInCodeMail(deps.ctx.store, project, input.email, callbackUrl, code, typed));
    return c.json({ nonce: code.slice(TYPED_CODE_LENGTH) });
  });
}
