import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * An app of a user or of a team (`ownerType`). The owner is the auth service's user or team id (no
 * foreign key: another service owns both).
 */
export const appsTable = pgTable(
  "apps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerType: text("owner_type", { enum: ["user", "team"] })
      .notNull()
      .default("user"),
    ownerId: text("owner_id").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    openapiSpecIds: jsonb("openapi_spec_ids").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("apps_owner_created_idx").on(t.ownerId, t.createdAt),
    index("apps_owner_type_idx").on(t.ownerType, t.ownerId),
  ],
);
