import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";
import { authUsersTable } from "./auth-users.ts";

/**
 * A command-line login: the CLI polls with one code, the browser confirms with the other. Both
 * only as SHA-256 hashes; the user is set when the browser confirms, with the refresh token the
 * browser hands over for the CLI (Stack's protocol), which the CLI's next poll receives.
 */
export const authCliLoginsTable = pgTable("auth_cli_logins", {
  id: uuid("id").primaryKey().defaultRandom(),
  projectId: text("project_id")
    .notNull()
    .references(() => authProjectsTable.id, { onDelete: "cascade" }),
  pollingCodeHash: text("polling_code_hash").notNull().unique(),
  loginCodeHash: text("login_code_hash").notNull().unique(),
  userId: uuid("user_id").references(() => authUsersTable.id, { onDelete: "cascade" }),
  /**
   * The anonymous session the CLI started from (Stack's anon_refresh_token) and the refresh token
   * the confirming browser handed over for the CLI: sealed (vault), cleared once handed out.
   */
  anonRefreshTokenSealed: text("anon_refresh_token_sealed"),
  refreshTokenSealed: text("refresh_token_sealed"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
