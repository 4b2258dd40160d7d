import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";
import { authUsersTable } from "./auth-users.ts";

/** Teams of a project's users (Stack's teams: display name, image, three metadata levels). */
export const authTeamsTable = pgTable(
  "auth_teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    profileImageUrl: text("profile_image_url"),
    clientMetadata: jsonb("client_metadata"),
    clientReadOnlyMetadata: jsonb("client_read_only_metadata"),
    serverMetadata: jsonb("server_metadata"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_teams_project_created_idx").on(t.projectId, t.createdAt)],
);

/** Who belongs to which team; deleting the team or the user removes the membership. */
export const authTeamMembersTable = pgTable(
  "auth_team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => authTeamsTable.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    /** The member's name and image in this team (team member profile); null shows the user's own. */
    displayName: text("display_name"),
    profileImageUrl: text("profile_image_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("auth_team_members_user_idx").on(t.userId)],
);

/** Permissions granted directly to a member in a team; contained permissions are expanded on read. */
export const authTeamMemberPermissionsTable = pgTable(
  "auth_team_member_permissions",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => authTeamsTable.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    permissionId: text("permission_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId, t.permissionId] })],
);
