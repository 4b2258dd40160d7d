import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The user databases the table browser and SQL workbench open. Managed ones are created by the
 * server (a PGlite directory or a database on the cluster, named by `location`); external ones are a
 * PostgreSQL URL kept encrypted under the `db:<id>` data key.
 */
export const userDatabasesTable = pgTable(
  "user_databases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose it is: a user's (personal) or a team's; `ownerId` is the auth service's id of either. */
    ownerType: text("owner_type", { enum: ["user", "team"] })
      .notNull()
      .default("user"),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["managed", "external"] }).notNull(),
    engine: text("engine", { enum: ["pglite", "postgres"] }).notNull(),
    /** Managed: PGlite directory name or cluster database name. External: host:port/db, no credentials. */
    location: text("location").notNull(),
    encryptedUrl: text("encrypted_url"),
    /**
     * Managed PostgreSQL databases: the password of the database's own login role (named like the
     * database), sealed under `db:<id>`. Null until the start-up migration has given it a role.
     */
    encryptedRolePassword: text("encrypted_role_password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_databases_owner_name_idx").on(t.ownerType, t.ownerId, t.name)],
);
