import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
