import { z } from "zod";

/** The mails the auth service sends from a template, each editable in the admin area. */
export const EMAIL_TEMPLATE_TYPES = ["email_verification", "password_reset", "magic_link", "team_invitation"] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];
export const emailTemplateTypeSchema = z.enum(EMAIL_TEMPLATE_TYPES);

/** A project's template (GET /email-templates): is_default while it is the built-in one. */
export const emailTemplateSchema = z.object({
  type: emailTemplateTypeSchema,
  subject: z.string(),
  content: z.string(),
  is_default: z.boolean(),
});
export type EmailTemplateAnswer = z.infer<typeof emailTemplateSchema>;

export const emailTemplateListSchema = z.object({ items: z.array(emailTemplateSchema), is_paginated: z.boolean() });

/** A template filled with example values (POST /internal/email-templates/preview). */
export const renderedEmailSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

/**
 * A mail of the outbox as GET /internal/emails lists it. Stack's fields, and with
 * `include_status=true` our delivery state and whether the outbox still holds the body.
 */
export const sentEmailSchema = z.object({
  id: z.string(),
  subject: z.string(),
  to: z.array(z.string()),
  sent_at_millis: z.number(),
  error: z.string().nullable(),
  status: z.enum(["pending", "sent", "logged", "failed"]),
  body_kept: z.boolean(),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

/** A listed mail: the state only when asked for (`include_status=true`). */
export const sentEmailListItemSchema = sentEmailSchema.partial({ status: true, body_kept: true });
export type SentEmailListItem = z.infer<typeof sentEmailListItemSchema>;
/** The list the admin area asks for (`include_status=true`): every mail with its state. */
export const sentEmailWithStatusListSchema = z.object({ items: z.array(sentEmailSchema), is_paginated: z.boolean() });

/** One mail opened (GET /internal/emails/{id}): its body and link while the outbox keeps them, else null. */
export const openedEmailSchema = sentEmailSchema.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
  link: z.string().nullable(),
});
export type OpenedEmail = z.infer<typeof openedEmailSchema>;

/** POST /internal/emails/{id}/resend: the new outbox entry (its id, which the outbox always returns). */
export const resentEmailSchema = z.object({ success: z.literal(true), id: z.string().optional() });
export type ResentEmail = z.infer<typeof resentEmailSchema>;

/**
 * A project's own SMTP server: as stored (config.email_config of type "standard"), as sent by the
 * admin area, and as POST /internal/send-test-email tries it. The answers carry the password masked.
 */
export const smtpConfigSchema = z.object({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  username: z.string().max(500),
  password: z.string().max(500),
  sender_name: z.string().trim().min(1).max(200),
  sender_email: z.string().trim().email().max(320),
});
export type SmtpConfig = z.infer<typeof smtpConfigSchema>;

/** POST /internal/send-test-email: whether the server took the mail, and Stack's words when not. */
export const testEmailResultSchema = z.object({ success: z.boolean(), error_message: z.string().optional() });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;
