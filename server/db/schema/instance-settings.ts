import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Small instance-wide facts that must survive restarts and be shared by every instance. */
export const instanceSettingsTable = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
