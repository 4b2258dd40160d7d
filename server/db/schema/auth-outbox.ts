import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every mail the auth service sends; a worker delivers pending ones and retries failures. */
export const authMailOutboxTable = pgTable(
  "auth_mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: ["pending", "sent", "logged", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("auth_mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // GET /internal/emails: a project's newest mails.
    index("auth_mail_outbox_project_idx").on(t.projectId, t.createdAt),
  ],
);
