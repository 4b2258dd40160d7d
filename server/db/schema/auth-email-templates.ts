import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A project's own version of one e-mail template. Only edited templates have a row: deleting the
 * row is "reset to default", so a changed default reaches every project that never edited it.
 */
export const authEmailTemplatesTable = pgTable(
  "auth_email_templates",
  {
    projectId: text("project_id").notNull(),
    type: text("type", { enum: ["email_verification", "password_reset", "magic_link", "team_invitation"] }).notNull(),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.type] })],
);
