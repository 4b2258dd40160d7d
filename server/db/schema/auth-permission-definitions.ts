import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";
import { authUsersTable } from "./auth-users.ts";

/**
 * A project's own permission definitions, per scope (team or project), each of which may contain
 * others. The system team permissions ($update_team, ...) are not stored: they are built in.
 */
export const authPermissionDefinitionsTable = pgTable(
  "auth_permission_definitions",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["team", "project"] }).notNull(),
    permissionId: text("permission_id").notNull(),
    description: text("description").notNull().default(""),
    containedPermissionIds: jsonb("contained_permission_ids").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.scope, t.permissionId] })],
);

/** Project permissions granted directly to a user; contained permissions are expanded on read. */
export const authProjectPermissionsTable = pgTable(
  "auth_project_permissions",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    permissionId: text("permission_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.permissionId] }),
    index("auth_project_permissions_project_idx").on(t.projectId),
  ],
);
