import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { createTransport, type Transporter } from "nodemailer";
import { authMailOutboxTable, authProjectsTable } from "../db/schema/index.ts";
import type { Store } from "../db/store.ts";
import type { Logger } from "../lib/logger.ts";
import type { EmailConfig } from "./projects.ts";

export interface MailMessage {
  projectId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries; logged when no SMTP server is configured. */
  link: string;
}

const MAX_ATTEMPTS = 8;

/** A transport for a project's own SMTP server (port 465: TLS from the start, else STARTTLS if offered). */
export function smtpTransport(smtp: Extract<EmailConfig, { type: "standard" }>): Transporter {
  return createTransport({
    host: smtp.host,
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

/**
 * Every mail goes through the outbox table first, so a request never waits for or fails on SMTP.
 * With SMTP_URL a worker delivers due mails and retries failures with backoff; without it the
 * mail is marked "logged" and one log line carries its link (development).
 */
export class Mailer {
  private transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private store: Store,
    private logger: Logger,
    private options: { smtpUrl?: string; from: string },
  ) {
    this.transport = options.smtpUrl ? createTransport(options.smtpUrl) : null;
  }

  start(): void {
    this.timer = setInterval(() => this.track(this.deliverDue()), POLL_MS);
    this.timer.unref();
  }

  /** Queues a mail and starts delivering it in the background. */
  async send(message: MailMessage): Promise<void> {
    const deliverable = this.transport !== null || (await this.projectSmtp(message.projectId)) !== null;
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
    if (!deliverable) {
      this.logger.info(
        { to: message.to, subject: message.subject, link: message.link },
        "mail (no SMTP_URL configured)",
      );
      return;
    }
    if (row) this.track(this.deliver([row.id]));
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((err: unknown) => this.logger.error({ err }, "mail delivery run failed"));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  /** The project's own SMTP server, when its e-mail config is "standard". */
  private async projectSmtp(projectId: string): Promise<Extract<EmailConfig, { type: "standard" }> | null> {
    const [row] = await this.store.db
      .select({ config: authProjectsTable.config })
      .from(authProjectsTable)
      .where(eq(authProjectsTable.id, projectId));
    const emailConfig = (row?.config as { email_config?: EmailConfig } | undefined)?.email_config;
    return emailConfig?.type === "standard" ? emailConfig : null;
  }

  private async deliverDue(): Promise<void> {
    if (this.closed) return;
    const due = await this.store.db
      .select({ id: authMailOutboxTable.id })
      .from(authMailOutboxTable)
      .where(and(eq(authMailOutboxTable.status, "pending"), lte(authMailOutboxTable.nextAttemptAt, new Date())))
      .limit(20);
    if (due.length) await this.deliver(due.map((d) => d.id));
  }

  /** Claims the rows (pushing their next attempt out, so other instances skip them) and sends each. */
  private async deliver(ids: string[]): Promise<void> {
    if (this.closed) return;
    const claimed = await this.store.db
      .update(authMailOutboxTable)
      .set({ nextAttemptAt: sql`now() + interval '2 minutes'`, attempts: sql`${authMailOutboxTable.attempts} + 1` })
      .where(
        and(
          inArray(authMailOutboxTable.id, ids),
          eq(authMailOutboxTable.status, "pending"),
          lte(authMailOutboxTable.nextAttemptAt, new Date()),
        ),
      )
      .returning();
    for (const mail of claimed) {
      try {
        // Looked up per mail, so a changed project config applies to mails still queued.
        const own = await this.projectSmtp(mail.projectId);
        const transport = own ? smtpTransport(own) : this.transport;
        if (!transport) throw new Error("No SMTP server: set SMTP_URL or the project's e-mail config.");
        try {
          await transport.sendMail({
            from: own ? { name: own.sender_name, address: own.sender_email } : this.options.from,
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
          .set({ status: "sent", sentAt: new Date(), lastError: null })
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
          })
          .where(eq(authMailOutboxTable.id, mail.id));
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
    this.transport?.close();
  }
}
