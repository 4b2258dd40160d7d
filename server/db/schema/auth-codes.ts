import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Single-use codes sent by mail or handed out by the OAuth flow: e-mail verification, password
 * reset, OAuth authorization codes. Only a SHA-256 hash of the code is kept.
 */
export const authVerificationCodesTable = pgTable(
  "auth_verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    purpose: text("purpose", {
      enum: [
        "email_verification",
        "password_reset",
        "oauth_code",
        "otp_sign_in",
        "mfa_attempt",
        "passkey_registration",
        "passkey_authentication",
        "team_invitation",
      ],
    }).notNull(),
    codeHash: text("code_hash").notNull().unique(),
    /**
     * Sign-in codes only: a hash of the part after the six typed characters (the page's nonce), by
     * which a wrongly typed code still finds its row, so every guess counts against that code.
     */
    nonceHash: text("nonce_hash").unique(),
    userId: uuid("user_id"),
    data: jsonb("data").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("auth_verification_codes_expires_idx").on(t.expiresAt)],
);

/** The server side of an OAuth sign-in between authorize and the provider's callback. */
export const authOauthStatesTable = pgTable("auth_oauth_states", {
  state: text("state").primaryKey(),
  data: jsonb("data").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
