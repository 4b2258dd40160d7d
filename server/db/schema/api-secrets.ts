import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { appsTable } from "./api-apps.ts";

/**
 * Data keys of the envelope encryption, one per scope (`app:<id>`, `db:<id>`), each wrapped by the
 * master key. `masterKeyId` names the master key that wrapped it, so a wrong key fails clearly.
 */
export const apiDataKeysTable = pgTable("api_data_keys", {
  scope: text("scope").primaryKey(),
  wrappedKey: text("wrapped_key").notNull(),
  masterKeyId: text("master_key_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  rewrappedAt: timestamp("rewrapped_at", { withTimezone: true }),
});

/** An app's environment variable; the value only as AES-256-GCM ciphertext under the app's data key. */
export const appSecretsTable = pgTable(
  "app_secrets",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => appsTable.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    ciphertext: text("ciphertext").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] })],
);
