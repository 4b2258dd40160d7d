import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";
import { authUsersTable } from "./auth-users.ts";

/**
 * A command-line login: the CLI polls with one code, the browser confirms with the other. Both
 * only as SHA-256 hashes; the user is set when the browser confirms, the CLI then gets a session
 * of its own (never the browser's refresh token).
 */
export const authCliLoginsTable = pgTable("auth_cli_logins", {
  id: uuid("id").primaryKey().defaultRandom(),
  projectId: text("project_id")
    .notNull()
    .references(() => authProjectsTable.id, { onDelete: "cascade" }),
  pollingCodeHash: text("polling_code_hash").notNull().unique(),
  loginCodeHash: text("login_code_hash").notNull().unique(),
  userId: uuid("user_id").references(() => authUsersTable.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
