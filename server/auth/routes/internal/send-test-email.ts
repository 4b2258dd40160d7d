import { z } from "zod";
import { smtpConfigSchema, type TestEmailResult } from "../../../contract/auth-emails.ts";
import { authMailOutboxTable } from "../../../db/schema/index.ts";
import { OUTBOUND_REFUSED_CODE } from "../../../lib/outbound.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { smtpTransport } from "../../mail/mailer.ts";
import { readBody } from "../../wire/headers.ts";

const body = z
  .object({
    recipient_email: z.string().trim().email().max(320),
    // A server without authentication may be tried with the credentials left out.
    email_config: smtpConfigSchema
      .extend({
        username: smtpConfigSchema.shape.username.default(""),
        password: smtpConfigSchema.shape.password.default(""),
      })
      .strict(),
  })
  .strict();

// The recorded server's words; the raw SMTP error goes to the sent-mail log, not the answer.
const UNKNOWN_ERROR =
  "Unknown error while sending test email. Make sure the email server is running and accepting connections.";
const AUTH_ERROR = "Invalid username or password. Make sure the SMTP credentials are correct.";
const SUBJECT = "Test Email from Stack Auth";

/**
 * Sends one mail through the SMTP server the admin is about to configure, and says whether it
 * worked. The attempt is logged in the outbox (with its error), so GET /internal/emails shows it.
 */
export function registerSendTestEmail(app: AuthApp, deps: AuthDeps): void {
  app.post("/internal/send-test-email", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
    const input = await readBody(c, body);
    const smtp = input.email_config;
    const text = `This is a test e-mail from ${project.displayName}. Your SMTP settings work.`;
    let error: string | null = null;
    let code: string | undefined;
    let transport: Awaited<ReturnType<typeof smtpTransport>> | undefined;
    try {
      transport = await smtpTransport({ type: "standard", ...smtp }, deps.ctx.outbound);
      await transport.sendMail({
        from: { name: smtp.sender_name, address: smtp.sender_email },
        to: input.recipient_email,
        subject: SUBJECT,
        text,
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      code = (err as { code?: string }).code;
    } finally {
      transport?.close();
    }
    await deps.ctx.store.db.insert(authMailOutboxTable).values({
      projectId: project.id,
      to: input.recipient_email,
      subject: SUBJECT,
      // A delivered mail keeps no body, as every other (mailer.ts).
      text: error ? text : "",
      html: "",
      status: error ? "failed" : "sent",
      attempts: 1,
      lastError: error,
      sentAt: error ? null : new Date(),
    });
    const result: TestEmailResult = error
      ? {
          success: false,
          error_message: code === "EAUTH" ? AUTH_ERROR : code === OUTBOUND_REFUSED_CODE ? error : UNKNOWN_ERROR,
        }
      : { success: true };
    return c.json(result);
  });
}
