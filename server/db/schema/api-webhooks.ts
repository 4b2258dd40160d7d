import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { appsTable } from "./api-apps.ts";
import { appEnvironmentsTable } from "./api-secrets.ts";

/**
 * Where an app wants to hear of its secrets' changes (all environments, or the one named). The
 * signing secret ("whsec_…") is sealed under the app's data key like its secret values, bound to
 * the webhook's id (server/api/lib/secrets/app-webhooks.ts); it is shown once, at creation or rotation.
 */
export const appWebhooksTable = pgTable(
  "app_webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => appsTable.id, { onDelete: "cascade" }),
    /** Null: every environment of the app. */
    environmentId: uuid("environment_id").references(() => appEnvironmentsTable.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("app_webhooks_app_idx").on(t.appId)],
);

/**
 * One event for one webhook: queued in the transaction that changed the secrets (so a change
 * commits with its notice, and a restart loses none), worked by the app API's delivery worker with
 * retries, and kept afterwards as the webhook's delivery log (the last few per webhook).
 */
export const appWebhookDeliveriesTable = pgTable(
  "app_webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id").notNull(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => appWebhooksTable.id, { onDelete: "cascade" }),
    /** The same across retries, so a receiver can deduplicate (Standard Webhooks' webhook-id). */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    /** Keys, versions and the environment; never a value. */
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastDurationMs: integer("last_duration_ms"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("app_webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("app_webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
  ],
);
