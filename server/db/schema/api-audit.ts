import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { appsTable } from "./api-apps.ts";

/**
 * What happened to an app's secrets and tokens, by whom and when; never a value. The actor's label
 * (e-mail, or the token's name) is copied at the time, so the record still reads after a token is
 * revoked or an address changes.
 */
export const appAuditEventsTable = pgTable(
  "app_audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => appsTable.id, { onDelete: "cascade" }),
    actorKind: text("actor_kind").$type<"user" | "token">().notNull(),
    actorId: text("actor_id").notNull(),
    actorLabel: text("actor_label"),
    /** The operator who acted through an impersonation session of the actor's, when one did. */
    impersonatorId: text("impersonator_id"),
    impersonatorLabel: text("impersonator_label"),
    action: text("action").notNull(),
    /** The secret's key or the token's name the event is about, when it is about one. */
    subject: text("subject"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("app_audit_events_app_idx").on(t.appId, t.id)],
);
