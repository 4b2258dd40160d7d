import { z } from "zod";
import { requestLocale } from "../../../lib/request-locale.ts";
import { projectAuth } from "../../access/project-auth.ts";
import { requireSignedIn } from "../../access/signed-in.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { StatusError } from "../../errors/status-error.ts";
import { sendVerificationMail } from "../../mail/contact-verification.ts";
import { LIMITS } from "../../policy/rate-limit.ts";
import { isTrustedUrl } from "../../policy/trusted-domains.ts";
import { normalizeEmail } from "../../stores/users.ts";
import { readBody } from "../../wire/headers.ts";
import { emailSchema, urlSchema } from "../../wire/schemas.ts";

const legacyBody = z.strictObject({ email: emailSchema, callback_url: urlSchema });
const channelBody = z.strictObject({ callback_url: urlSchema });

export function registerSendVerificationCode(app: AuthApp, deps: AuthDeps): void {
  const checkedCallback = (project: Parameters<typeof isTrustedUrl>[0], url: string) => {
    if (!isTrustedUrl(project, url, deps.ctx.publicUrl())) throw KnownErrors.redirectUrlNotWhitelisted();
    return new URL(url, deps.ctx.publicUrl()).toString();
  };

  // The form user.sendVerificationEmail() uses: for the signed-in user's primary e-mail.
  app.post("/contact-channels/send-verification-code", projectAuth(deps), async (c) => {
    const input = await readBody(c, legacyBody);
    const { user } = requireSignedIn(c);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-send", LIMITS.codeSendPerIp);
    await deps.limits.mailTo(c, project.id, "code-send", input.email);
    if (normalizeEmail(input.email) !== user.primaryEmail) {
      throw KnownErrors.emailIsNotPrimaryEmail(input.email, user.primaryEmail);
    }
    if (user.primaryEmailVerified) throw KnownErrors.emailAlreadyVerified();
    const callbackUrl = checkedCallback(project, input.callback_url);
    await sendVerificationMail(
      deps,
      project,
      user.id,
      { id: user.primaryChannelId, value: user.primaryEmail },
      callbackUrl,
      requestLocale(c),
    );
    return c.json({ success: true });
  });

  // contactChannel.sendVerificationEmail(): /contact-channels/me/{id}/... (or a user id with server access).
  app.post("/contact-channels/:userId/:channelId/send-verification-code", projectAuth(deps), async (c) => {
    const input = await readBody(c, channelBody);
    const user = await targetUser(c, deps, c.req.param("userId"));
    const { project } = c.get("auth");
    const channelId = c.req.param("channelId");
    const channel = z.uuid().safeParse(channelId).success
      ? await deps.channels.get(project.id, user.id, channelId)
      : null;
    if (!channel) throw new StatusError("CONTACT_CHANNEL_NOT_FOUND", "Contact channel not found.");
    await deps.limits.perIp(c, "code-send", LIMITS.codeSendPerIp);
    await deps.limits.mailTo(c, project.id, "code-send", channel.value);
    if (channel.isVerified) throw KnownErrors.emailAlreadyVerified();
    const callbackUrl = checkedCallback(project, input.callback_url);
    await sendVerificationMail(deps, project, user.id, channel, callbackUrl, requestLocale(c));
    return c.json({ success: true });
  });
}
