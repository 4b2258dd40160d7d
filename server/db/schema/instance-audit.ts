import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What the instance's operators did (and what was done to the instance as a whole): sign-ins,
 * impersonations, setting and user changes, secret reveals and exports, backups and restores.
 * Never a value: only who, what, on what, and the names of the fields that changed. Labels are
 * copied at the time, so a record still reads after the account is gone.
 */
export const instanceAuditEventsTable = pgTable(
  "instance_audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The acting user (null for the instance itself: a restore, the CLI). */
    actorId: text("actor_id"),
    actorLabel: text("actor_label"),
    /** The operator behind the actor when the actor's session is an impersonation. */
    impersonatorId: text("impersonator_id"),
    impersonatorLabel: text("impersonator_label"),
    action: text("action").notNull(),
    /** What the event is about: a user's id, a setting's path, an app's id, an archive. */
    subject: text("subject"),
    subjectLabel: text("subject_label"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("instance_audit_events_created_idx").on(t.createdAt),
    index("instance_audit_events_action_idx").on(t.action, t.id),
  ],
);

/**
 * Impersonation sessions the admin area started: the auth service marks the session itself
 * (`is_impersonation`); this row names the operator, so the app API can record both actors.
 */
export const instanceImpersonationsTable = pgTable("instance_impersonations", {
  /** The auth service's session id (the access token's `refresh_token_id`). */
  sessionId: text("session_id").primaryKey(),
  userId: text("user_id").notNull(),
  userLabel: text("user_label"),
  operatorId: text("operator_id").notNull(),
  operatorLabel: text("operator_label"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  endedAt: timestamp("ended_at", { withTimezone: true }),
});
