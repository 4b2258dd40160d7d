import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";

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
