import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { appsTable } from "./api-apps.ts";
import { appEnvironmentsTable } from "./api-secrets.ts";

/**
 * Read-only machine access to one app's secrets in one environment. The token itself is shown once; only its SHA-256
 * and last four characters are kept. A revoked token keeps its row, so a late use is refused with
 * a code that says so and the history keeps naming it.
 */
export const appServiceTokensTable = pgTable(
  "app_service_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => appsTable.id, { onDelete: "cascade" }),
    /** The one environment the token reads; null once that environment was deleted (the token is revoked then). */
    environmentId: uuid("environment_id").references(() => appEnvironmentsTable.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull(),
    lastFour: text("last_four").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("app_service_tokens_app_idx").on(t.appId, t.createdAt)],
);
