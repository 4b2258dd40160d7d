import type { Locale } from "../../lib/request-locale.ts";
import type { ServiceContext } from "../../service-context.ts";
import type { Project } from "../stores/projects.ts";
import type { CodeStore } from "../stores/verification-codes.ts";
import { verificationMail } from "./auth-mails.ts";
import type { Mailer } from "./mailer.ts";

/** What queuing the mail needs of the service (AuthDeps has it): named here, as mail/ sits below auth-env.ts. */
export interface VerificationMailDeps {
  ctx: Pick<ServiceContext, "store" | "logger">;
  codes: CodeStore;
  mailer: Mailer;
}

/**
 * Creates a verification code for one e-mail channel of a user and queues the mail. Failures are
 * logged, never passed to the request that caused them.
 */
export async function sendVerificationMail(
  deps: VerificationMailDeps,
  project: Project,
  userId: string,
  channel: { id: string | null; value: string },
  callbackUrl: string,
  /** The language of whoever asked for it, who is the one to read it. */
  locale: Locale,
): Promise<void> {
  try {
    const code = await deps.codes.create(project.id, "email_verification", userId, {
      channel_id: channel.id,
      email: channel.value,
    });
    await deps.mailer.send(await verificationMail(deps.ctx.store, project, channel.value, callbackUrl, code, locale));
  } catch (err) {
    deps.ctx.logger.error({ err, userId }, "could not queue the verification mail");
  }
}
