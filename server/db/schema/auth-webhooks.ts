import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Where a project wants its user and team events; the secret signs them (Standard Webhooks). */
export const authWebhookEndpointsTable = pgTable(
  "auth_webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** "whsec_" + base64 of 24 random bytes; the receiver needs it to verify signatures. */
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_webhook_endpoints_project_idx").on(t.projectId)],
);

/**
 * One event for one endpoint: the queue a worker delivers from (retrying with backoff) and the
 * delivery log. The message id stays the same across retries, so receivers can deduplicate.
 */
export const authWebhookDeliveriesTable = pgTable(
  "auth_webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => authWebhookEndpointsTable.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("auth_webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("auth_webhook_deliveries_project_idx").on(t.projectId, t.createdAt),
  ],
);
