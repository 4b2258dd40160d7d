import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";

/**
 * Internal API key sets (Stack's `/internal/api-keys`): one set holds up to one key of each kind.
 * The keys themselves are rows of auth_api_keys (hash only); the set keeps their ids and last
 * four characters, which is all an admin ever sees again after creation.
 */
export const authApiKeySetsTable = pgTable(
  "auth_api_key_sets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    description: text("description").notNull().default(""),
    /** Per kind: the auth_api_keys row id and the key's last four characters. */
    keys: jsonb("keys").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("auth_api_key_sets_project_idx").on(t.projectId, t.createdAt)],
);
