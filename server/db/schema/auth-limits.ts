import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Fixed-window counters for rate limits, shared by every instance. */
export const authRateLimitsTable = pgTable(
  "auth_rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("auth_rate_limits_window_idx").on(t.windowStart)],
);

/** Page views and clicks the browser SDK reports; kept when ANALYTICS_EVENTS=store. */
export const authAnalyticsEventsTable = pgTable(
  "auth_analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: text("project_id").notNull(),
    userId: uuid("user_id"),
    eventType: text("event_type").notNull(),
    eventAt: timestamp("event_at", { withTimezone: true }).notNull(),
    data: jsonb("data"),
  },
  (t) => [index("auth_analytics_events_project_at_idx").on(t.projectId, t.eventAt)],
);
