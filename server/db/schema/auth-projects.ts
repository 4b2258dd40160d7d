import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A Stack-compatible project: `internal` and the app's own one are seeded at start. */
export const authProjectsTable = pgTable("auth_projects", {
  id: text("id").primaryKey(),
  displayName: text("display_name").notNull(),
  /** The project's settings in Stack's snake_case shape (see server/auth/stores/projects.ts). */
  config: jsonb("config").notNull(),
  isProductionMode: boolean("is_production_mode").notNull().default(false),
  description: text("description").notNull().default(""),
  /** Logos as URLs (an uploaded image is kept in auth_images and served by this server). */
  logoUrl: text("logo_url"),
  logoFullUrl: text("logo_full_url"),
  logoDarkModeUrl: text("logo_dark_mode_url"),
  logoFullDarkModeUrl: text("logo_full_dark_mode_url"),
  onboardingStatus: text("onboarding_status").notNull().default("completed"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per project key; only a SHA-256 hash of the key is kept (keys carry 224+ random bits). */
export const authApiKeysTable = pgTable(
  "auth_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["publishable_client", "secret_server", "super_secret_admin"] }).notNull(),
    keyHash: text("key_hash").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("auth_api_keys_project_idx").on(t.projectId)],
);

/**
 * ES256 key pairs shared by every instance, one set per audience (full users, restricted users,
 * anonymous users: the JWKS lists the latter two only when asked); per audience the second-newest
 * unretired key signs and the newest waits published as its successor; all unretired ones verify.
 */
export const authSigningKeysTable = pgTable("auth_signing_keys", {
  kid: text("kid").primaryKey(),
  audience: text("audience", { enum: ["users", "restricted", "anonymous"] })
    .notNull()
    .default("users"),
  privateJwk: jsonb("private_jwk").notNull(),
  publicJwk: jsonb("public_jwk").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
});
