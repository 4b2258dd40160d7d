import { customType, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Stack's data vault: values the SDK encrypted on the client, sealed once more here (envelope
 * encryption, bound to project, store and key), under a key the client hashed.
 */
export const authDataVaultEntriesTable = pgTable(
  "auth_data_vault_entries",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    hashedKey: text("hashed_key").notNull(),
    sealed: text("sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.storeId, t.hashedKey] })],
);

/**
 * Images uploaded as data URLs (profile images, project logos): kept here and served by this
 * server as plain URLs, so answers carry a short URL and only checked image types are ever served.
 */
export const authImagesTable = pgTable(
  "auth_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_images_project_idx").on(t.projectId)],
);
