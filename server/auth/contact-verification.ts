import type { AuthDeps } from "./auth-env.ts";
import { verificationMail } from "./auth-mails.ts";
import type { Project } from "./projects.ts";

/**
 * Creates a verification code for the user's e-mail channel and queues the mail. Failures are
 * logged, never passed to the request that caused them.
 */
export async function sendVerificationMail(
  deps: AuthDeps,
  project: Project,
  user: { id: string; primaryChannelId: string | null },
  email: string,
  callbackUrl: string,
): Promise<void> {
  try {
    const code = await deps.codes.create(project.id, "email_verification", user.id, {
      channel_id: user.primaryChannelId,
      email,
    });
    await deps.mailer.send(verificationMail(project, email, callbackUrl, code));
  } catch (err) {
    deps.ctx.logger.error({ err, userId: user.id }, "could not queue the verification mail");
  }
}
