import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

/**
 * An app's environments (development, staging, production to start with): each holds its own
 * value of a key, or none. `position` orders them on the page; the slug names one in URLs, the
 * `environment` query and the command line.
 */
export const appEnvironmentsTable = pgTable(
  "app_environments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => appsTable.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("app_environments_app_slug_idx").on(t.appId, t.slug)],
);

/**
 * An app's environment variable in one environment; the value only as AES-256-GCM ciphertext under
 * the app's data key, bound to environment, key and `version` (see server/api/lib/secrets/app-secrets.ts).
 * Version 0 is a value sealed before environments existed, bound to its key alone.
 */
export const appSecretsTable = pgTable(
  "app_secrets",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => appsTable.id, { onDelete: "cascade" }),
    environmentId: uuid("environment_id")
      .notNull()
      .references(() => appEnvironmentsTable.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    ciphertext: text("ciphertext").notNull(),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.environmentId, t.key] }), index("app_secrets_app_idx").on(t.appId)],
);

/**
 * Every value a key has had in an environment, sealed exactly like the current one (same data key,
 * bound to environment, key and version), with who made it and how. A deletion is a version
 * without a value. Kept for SECRET_VERSIONS_KEEP_DAYS or the last SECRET_VERSIONS_KEEP_COUNT of a
 * key, whichever keeps more; the current version is never dropped.
 */
export const appSecretVersionsTable = pgTable(
  "app_secret_versions",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => appsTable.id, { onDelete: "cascade" }),
    environmentId: uuid("environment_id")
      .notNull()
      .references(() => appEnvironmentsTable.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    version: integer("version").notNull(),
    /** Null: the key was deleted at this version. */
    ciphertext: text("ciphertext"),
    via: text("via", { enum: ["browser", "import", "token", "rollback", "copy", "migration"] }).notNull(),
    actorKind: text("actor_kind", { enum: ["user", "token", "system"] }).notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.environmentId, t.key, t.version] }),
    index("app_secret_versions_env_created_idx").on(t.environmentId, t.createdAt),
    index("app_secret_versions_app_idx").on(t.appId),
  ],
);
