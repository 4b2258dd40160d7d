import { z } from "zod";
import { requestLocale } from "../../../../lib/request-locale.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { passwordResetMail } from "../../../mail/auth-mails.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { isTrustedUrl } from "../../../policy/trusted-domains.ts";
import { readBody } from "../../../wire/headers.ts";
import { emailSchema, urlSchema } from "../../../wire/schemas.ts";

const body = z.strictObject({ email: emailSchema, callback_url: urlSchema });

/**
 * Answers the same whether or not the address belongs to a user, and the lookup plus queueing
 * happen after the answer is decided, so neither the body nor the timing reveals accounts.
 */
export function registerSendResetCode(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/password/send-reset-code", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-send", LIMITS.codeSendPerIp);
    await deps.limits.mailTo(c, project.id, "code-send", input.email);
    if (!project.config.credential_enabled) throw KnownErrors.passwordAuthenticationNotEnabled();
    if (!isTrustedUrl(project, input.callback_url, deps.ctx.publicUrl())) throw KnownErrors.redirectUrlNotWhitelisted();
    const callbackUrl = new URL(input.callback_url, deps.ctx.publicUrl()).toString();
    const locale = requestLocale(c);
    void (async () => {
      const user = await deps.users.findByAuthEmail(project.id, input.email);
      if (!user?.primaryEmail) return;
      const code = await deps.codes.create(project.id, "password_reset", user.id, { email: user.primaryEmail });
      await deps.mailer.send(
        await passwordResetMail(deps.ctx.store, project, user.primaryEmail, callbackUrl, code, locale),
      );
    })().catch((err: unknown) => deps.ctx.logger.error({ err }, "could not queue the password reset mail"));
    return c.json({ success: "maybe, only if user with e-mail exists" });
  });
}
