import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";

export const authUsersTable = pgTable(
  "auth_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    displayName: text("display_name"),
    profileImageUrl: text("profile_image_url"),
    /** argon2id PHC string; null when the user has no password. */
    passwordHash: text("password_hash"),
    clientMetadata: jsonb("client_metadata"),
    clientReadOnlyMetadata: jsonb("client_read_only_metadata"),
    serverMetadata: jsonb("server_metadata"),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    otpAuthEnabled: boolean("otp_auth_enabled").notNull().default(false),
    passkeyAuthEnabled: boolean("passkey_auth_enabled").notNull().default(false),
    /** The TOTP secret (base64) when the user has multi-factor sign-in enabled; null otherwise. */
    /** The TOTP secret sealed by server/auth/stores/totp-secrets.ts (the column keeps its first name). */
    totpSecret: text("totp_secret_base64"),
    restrictedByAdmin: boolean("restricted_by_admin").notNull().default(false),
    restrictedByAdminReason: text("restricted_by_admin_reason"),
    restrictedByAdminPrivateDetails: text("restricted_by_admin_private_details"),
    countryCode: text("country_code"),
    /** Sign-up risk scores (0-100): this service derives none (0), a server may set them. */
    signUpRiskBot: integer("sign_up_risk_score_bot").notNull().default(0),
    signUpRiskFreeTrialAbuse: integer("sign_up_risk_score_free_trial_abuse").notNull().default(0),
    /** The team the user works in (Stack's selected_team); read through a join, so a deleted team reads as none. */
    selectedTeamId: uuid("selected_team_id"),
    signedUpAt: timestamp("signed_up_at", { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("auth_users_project_signed_up_idx").on(t.projectId, t.signedUpAt, t.id),
    // Admin metrics at a million users: counts over these partial indexes are index-only scans.
    index("auth_users_project_last_active_idx").on(t.projectId, t.lastActiveAt).where(sql`not ${t.isAnonymous}`),
    index("auth_users_project_signed_up_named_idx").on(t.projectId, t.signedUpAt).where(sql`not ${t.isAnonymous}`),
    index("auth_users_project_password_idx")
      .on(t.projectId)
      .where(sql`not ${t.isAnonymous} and ${t.passwordHash} is not null`),
  ],
);

/** E-mail addresses of users; the primary one is the user's primary_email. Values are lower-cased. */
export const authContactChannelsTable = pgTable(
  "auth_contact_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["email"] })
      .notNull()
      .default("email"),
    value: text("value").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(false),
    usedForAuth: boolean("used_for_auth").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("auth_contact_channels_user_idx").on(t.userId),
    uniqueIndex("auth_contact_channels_auth_value_uq").on(t.projectId, t.type, t.value).where(sql`${t.usedForAuth}`),
    uniqueIndex("auth_contact_channels_primary_uq").on(t.userId).where(sql`${t.isPrimary}`),
    // One address once per account: two identical adds at the same moment store one.
    uniqueIndex("auth_contact_channels_user_value_uq").on(t.userId, t.type, t.value),
  ],
);

/** Social accounts linked to users (GitHub, Google or the development provider). */
export const authOauthAccountsTable = pgTable(
  "auth_oauth_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    providerId: text("provider_id").notNull(),
    accountId: text("account_id").notNull(),
    email: text("email"),
    /** The provider's tokens, sealed (envelope encryption, bound to the row): connected-account access. */
    accessTokenSealed: text("access_token_sealed"),
    refreshTokenSealed: text("refresh_token_sealed"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    scopes: jsonb("scopes").$type<string[]>().notNull().default([]),
    /** Signs its user in (one account of a provider per user, and per account id one user). */
    allowSignIn: boolean("allow_sign_in").notNull().default(true),
    /** Hands out the provider's access tokens (connected accounts). */
    allowConnectedAccounts: boolean("allow_connected_accounts").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("auth_oauth_accounts_sign_in_uq")
      .on(t.projectId, t.providerId, t.accountId)
      .where(sql`${t.allowSignIn}`),
    uniqueIndex("auth_oauth_accounts_user_account_uq").on(t.userId, t.providerId, t.accountId),
    index("auth_oauth_accounts_user_idx").on(t.userId),
  ],
);
