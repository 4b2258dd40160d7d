import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";

/**
 * A project's e-mail themes in Stack's shape: a display name and the theme's TSX source, stored and
 * handed back as the admin wrote it. The built-in themes have no row until their source is edited
 * (a row with a built-in's id is that edit); a theme the admin creates always has one.
 */
export const authEmailThemesTable = pgTable(
  "auth_email_themes",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    id: uuid("id").notNull(),
    displayName: text("display_name").notNull(),
    tsxSource: text("tsx_source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);
