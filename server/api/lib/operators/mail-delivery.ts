import type { StackTarget } from "../../../service-context.ts";

/** How the instance's mail leaves: SMTP, kept in the outbox (no server), or the external auth service's business. */
export type MailDelivery = "smtp" | "outbox" | "external";

/**
 * Whether mail of the console's project is delivered: SMTP_URL, or the project's own SMTP server
 * (read through the admin API); without either it stays in the outbox.
 */
export async function mailDelivery(stack: StackTarget, smtpUrlSet: boolean, external: boolean): Promise<MailDelivery> {
  if (external) return "external";
  if (smtpUrlSet || !stack.superSecretAdminKey) return "smtp";
  try {
    const answer = await fetch(`${stack.baseUrl()}/api/v1/internal/projects/current`, {
      headers: {
        "x-stack-access-type": "admin",
        "x-stack-project-id": stack.projectId,
        "x-stack-super-secret-admin-key": stack.superSecretAdminKey,
      },
      signal: AbortSignal.timeout(10_000),
    });
    const project = (await answer.json()) as { config?: { email_config?: { type?: string } } };
    return project.config?.email_config?.type === "standard" ? "smtp" : "outbox";
  } catch {
    return "outbox";
  }
}
