import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authUsersTable } from "./auth-users.ts";

/**
 * One-time recovery codes for a user with TOTP: a keyed hash each (never the code), deleted when
 * used, when a new set is made, and when TOTP is turned off or reset.
 */
export const authMfaRecoveryCodesTable = pgTable(
  "auth_mfa_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_mfa_recovery_codes_user_idx").on(t.userId)],
);
