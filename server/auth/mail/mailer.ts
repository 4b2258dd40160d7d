import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import { createTransport, type Transporter } from "nodemailer";
import { authMailOutboxTable, authProjectsTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { ClaimLoop, queueSteps } from "../../lib/claim-loop.ts";
import type { Logger } from "../../lib/logger.ts";
import type { OutboundPolicy } from "../../lib/outbound.ts";
import type { ProjectCredentials } from "../stores/project-credentials.ts";
import type { EmailConfig } from "../stores/projects.ts";
import { sharedSender } from "./mail-sender.ts";

export interface MailMessage {
  projectId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries; logged when no SMTP server is configured and only this machine listens. */
  link: string;
  /**
   * Kept in the outbox for the operators to read, never delivered (a mail with no one to go to,
   * e.g. feedback while ADMIN_EMAILS is unset).
   */
  hold?: boolean;
}

const MAX_ATTEMPTS = 8;
/** What a mail keeps of its body once it was delivered or given up. */
export const FORGOTTEN_BODY = { text: "", html: "" } as const;

/**
 * A transport for a project's own SMTP server (port 465: TLS from the start, else STARTTLS if
 * offered), connecting to the address the outbound policy checked, with the host name kept for TLS.
 * Throws OutboundRefused before any connection to an address the policy refuses.
 */
export async function smtpTransport(
  smtp: Extract<EmailConfig, { type: "standard" }>,
  outbound: OutboundPolicy,
): Promise<Transporter> {
  const { address } = await outbound.resolve(smtp.host);
  const servername = isIP(smtp.host) ? undefined : smtp.host;
  return createTransport({
    host: address,
    servername,
    tls: servername ? { servername } : undefined,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
    // A wrong host must not hold a request or the worker for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
}
const POLL_MS = 5_000;

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /**
   * Without SMTP, print a mail's link in the log line. Only for a server nobody else reaches
   * (development on loopback): anywhere else a link in a log hands an account to whoever reads it.
   */
  printLinks: boolean;
  /** SMTP_URL is the operator's and trusted; a project's own SMTP server goes through this policy. */
  outbound: OutboundPolicy;
}

/** Where a mail that no SMTP server took can be read, for the log line that names it. */
const OUTBOX_HINT =
  "no SMTP server (set SMTP_URL, or the project's own e-mail server): the mail is kept in the outbox; " +
  "operators read it in the admin area under E-mails";

/**
 * Every mail goes through the outbox table first, so a request never waits for or fails on SMTP.
 * With SMTP_URL (or the project's own server) a worker delivers due mails and retries failures
 * with backoff; a delivered mail keeps recipient, subject and status, not its body (its links are
 * credentials). Without SMTP the mail is marked "logged" and kept whole for the operators; the
 * log line says so (and carries the link only on a server that listens on loopback alone).
 */
export class Mailer {
  private transport: Transporter | null;
  private loop: ClaimLoop<typeof authMailOutboxTable.$inferSelect>;

  constructor(
    private store: Store,
    private logger: Logger,
    private options: MailerOptions,
    private credentials: ProjectCredentials,
  ) {
    this.transport = options.smtpUrl ? createTransport(options.smtpUrl) : null;
    this.loop = new ClaimLoop(
      logger,
      "mail delivery",
      { pollMs: POLL_MS, batch: 20 },
      queueSteps(store.db, authMailOutboxTable, (rows) => this.deliver(rows)),
    );
  }

  start(): void {
    this.loop.start();
  }

  /** Queues a mail and starts delivering it in the background; answers the outbox entry's id. */
  async send(message: MailMessage): Promise<string | undefined> {
    const deliverable =
      !message.hold &&
      (this.transport !== null || (await this.storedProject(message.projectId)).emailConfig?.type === "standard");
    const [row] = await this.store.db
      .insert(authMailOutboxTable)
      .values({
        projectId: message.projectId,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        status: deliverable ? "pending" : "logged",
        sentAt: deliverable ? null : new Date(),
      })
      .returning({ id: authMailOutboxTable.id });
    if (message.hold) {
      this.logger.info({ mailId: row?.id }, "mail kept in the outbox: it has no recipient to be delivered to");
      return row?.id;
    }
    if (!deliverable) {
      // The mail id finds the rest in the outbox; the address and subject are request values.
      const fields = { mailId: row?.id };
      if (this.options.printLinks) this.logger.info({ ...fields, link: message.link }, "mail (no SMTP_URL configured)");
      else this.logger.info(fields, `mail not sent: ${OUTBOX_HINT}`);
      return row?.id;
    }
    if (row) this.loop.now([row.id]);
    return row?.id;
  }

  private async storedProject(projectId: string): Promise<{ emailConfig?: EmailConfig; displayName?: string }> {
    const [row] = await this.store.db
      .select({ config: authProjectsTable.config, displayName: authProjectsTable.displayName })
      .from(authProjectsTable)
      .where(eq(authProjectsTable.id, projectId));
    return {
      emailConfig: (row?.config as { email_config?: EmailConfig } | undefined)?.email_config,
      displayName: row?.displayName,
    };
  }

  /**
   * The sender: the project's own SMTP server when its e-mail config is "standard" (its password
   * opened), else the shared server with EMAIL_FROM (see sharedSender).
   */
  private async senderOf(projectId: string): Promise<{
    own: Extract<EmailConfig, { type: "standard" }> | null;
    from: string | { name: string; address: string };
  }> {
    const { emailConfig, displayName } = await this.storedProject(projectId);
    if (emailConfig?.type === "standard") {
      const own = {
        ...emailConfig,
        password: await this.credentials.openSmtpPassword(projectId, emailConfig.password),
      };
      return { own, from: { name: own.sender_name, address: own.sender_email } };
    }
    return { own: null, from: sharedSender(this.options.from, displayName) };
  }

  /** Sends each claimed mail and records the outcome: sent, its next attempt with backoff, or given up. */
  private async deliver(mails: Array<typeof authMailOutboxTable.$inferSelect>): Promise<void> {
    for (const mail of mails) {
      try {
        // Looked up per mail, so a changed project config applies to mails still queued.
        const { own, from } = await this.senderOf(mail.projectId);
        const transport = own ? await smtpTransport(own, this.options.outbound) : this.transport;
        if (!transport) throw new Error("No SMTP server: set SMTP_URL or the project's e-mail config.");
        try {
          await transport.sendMail({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
        } finally {
          if (own) transport.close();
        }
        await this.store.db
          .update(authMailOutboxTable)
          .set({ status: "sent", sentAt: new Date(), lastError: null, ...FORGOTTEN_BODY })
          .where(eq(authMailOutboxTable.id, mail.id));
      } catch (error) {
        const failed = mail.attempts >= MAX_ATTEMPTS;
        const backoffSeconds = Math.min(3600, 5 * 2 ** mail.attempts);
        this.logger.warn({ mailId: mail.id, attempt: mail.attempts, err: error }, "mail delivery failed");
        await this.store.db
          .update(authMailOutboxTable)
          .set({
            status: failed ? "failed" : "pending",
            lastError: error instanceof Error ? error.message : String(error),
            nextAttemptAt: new Date(Date.now() + backoffSeconds * 1000),
            // Given up: the links inside are not kept for nobody (the user asks for a new mail).
            ...(failed ? FORGOTTEN_BODY : {}),
          })
          .where(eq(authMailOutboxTable.id, mail.id));
      }
    }
  }

  async close(): Promise<void> {
    await this.loop.close();
    this.transport?.close();
  }
}
