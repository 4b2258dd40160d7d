import { bigint, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { authProjectsTable } from "./auth-projects.ts";
import { authUsersTable } from "./auth-users.ts";

/** WebAuthn credentials (passkeys) registered by users; the public key verifies each sign-in. */
export const authPasskeysTable = pgTable(
  "auth_passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id")
      .notNull()
      .references(() => authProjectsTable.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsersTable.id, { onDelete: "cascade" }),
    /** base64url, as the browser reports it. */
    credentialId: text("credential_id").notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    // WebAuthn counters are unsigned 32-bit: beyond a PostgreSQL integer.
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    unique("auth_passkeys_credential_unique").on(t.projectId, t.credentialId),
    index("auth_passkeys_user_idx").on(t.userId),
  ],
);
