import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Saved queries of the SQL workbench, a user's or a team's (`ownerType`, `ownerId`: the auth
 * service's id of either), named uniquely per owner.
 * `databaseId` is where one was saved from; a deleted database leaves its snippets (they are SQL).
 */
export const sqlSnippetsTable = pgTable(
  "sql_snippets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerType: text("owner_type", { enum: ["user", "team"] })
      .notNull()
      .default("user"),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    folder: text("folder"),
    sql: text("sql").notNull(),
    databaseId: uuid("database_id"),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Also the index of every owner-scoped read (its leading column).
  (t) => [uniqueIndex("sql_snippets_owner_name_idx").on(t.ownerType, t.ownerId, t.name)],
);
