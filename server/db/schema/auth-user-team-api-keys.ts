import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";
import { authTeamsTable } from "./auth-teams.ts";
import { authUsersTable } from "./auth-users.ts";

/**
 * User and team API keys (Stack's /user-api-keys and /team-api-keys). The key itself is shown once
 * at creation; only its SHA-256 hash and last four characters are kept.
 */
export const authUserTeamApiKeysTable = pgTable(
  "auth_user_team_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => authUsersTable.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => authTeamsTable.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    secretHash: text("secret_hash").notNull().unique(),
    lastFour: text("last_four").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly one owner: a user or a team, never both.
    check("auth_user_team_api_keys_one_owner", sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    index("auth_user_team_api_keys_user_idx").on(t.userId),
    index("auth_user_team_api_keys_team_idx").on(t.teamId),
  ],
);
