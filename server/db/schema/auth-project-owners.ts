import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";
import { authUsersTable } from "./auth-users.ts";

/**
 * Projects created through the `internal` project (as Stack's dashboard does) and who owns them:
 * a user of the internal project. The seeded projects have no row and cannot be deleted.
 * owner_team_id is kept as the dashboard sent it; ownership through team membership can build on it.
 */
export const authProjectOwnersTable = pgTable(
  "auth_project_owners",
  {
    projectId: text("project_id")
      .primaryKey()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    ownerUserId: uuid("owner_user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    ownerTeamId: text("owner_team_id"),
  },
  (t) => [index("auth_project_owners_user_idx").on(t.ownerUserId)],
);
