import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authUsersTable } from "./auth-users.ts";

/** A session is a refresh token; its id is the access token's refresh_token_id claim. */
export const authRefreshTokensTable = pgTable(
  "auth_refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    /** SHA-256 of the 45-character token. */
    tokenHash: text("token_hash").notNull().unique(),
    isImpersonation: boolean("is_impersonation").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The sign-in request's User-Agent (capped), shown to the user as browser and system. */
    userAgent: text("user_agent"),
    /** The sign-in request's country from the operator's proxy header (AUTH_COUNTRY_HEADER), if set. */
    countryCode: text("country_code"),
    /** The sign-in request's language (en/de): mails about this user's account, such as an impersonation notice, use the latest. */
    locale: text("locale"),
  },
  (t) => [index("auth_refresh_tokens_user_idx").on(t.userId)],
);
