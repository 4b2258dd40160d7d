import { and, eq, isNull } from "drizzle-orm";
import pg from "pg";
import { userDatabasesTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { Vault } from "../../../lib/vault.ts";
import { isolateTenantDatabase, newRolePassword } from "./managed-roles.ts";
import { databaseScope, ROLE_PASSWORD_AAD } from "./user-databases.ts";

/** Serializes this migration when several instances start at once (beside the schema migrations' lock). */
const ROLES_LOCK_ID = 7_240_114;

/**
 * Start-up: every managed PostgreSQL database created before tenants had roles of their own (its
 * SQL ran as the server's role) gets its role now. Runs under an advisory lock, and each database is
 * marked done only after it is isolated, so an interrupted start is simply finished by the next one.
 */
export async function migrateManagedRoles(deps: {
  db: Db;
  vault: Vault;
  databaseUrl: string;
  logger: Logger;
}): Promise<number> {
  const lock = new pg.Client({ connectionString: deps.databaseUrl });
  lock.on("error", () => undefined);
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [ROLES_LOCK_ID]);
    const pending = await deps.db
      .select({ id: userDatabasesTable.id, location: userDatabasesTable.location })
      .from(userDatabasesTable)
      .where(
        and(
          eq(userDatabasesTable.kind, "managed"),
          eq(userDatabasesTable.engine, "postgres"),
          isNull(userDatabasesTable.encryptedRolePassword),
        ),
      );
    for (const { id, location } of pending) {
      const found = await lock.query("SELECT 1 FROM pg_database WHERE datname = $1", [location]);
      if (found.rowCount === 0) {
        // Dropped by hand outside the console: it stays unopenable rather than stopping the server.
        deps.logger.warn({ databaseId: id }, "managed database is missing on the cluster; left without a role");
        continue;
      }
      const password = newRolePassword();
      await isolateTenantDatabase(deps.databaseUrl, location, password);
      const sealed = await deps.vault.seal(databaseScope(id), password, ROLE_PASSWORD_AAD);
      await deps.db
        .update(userDatabasesTable)
        .set({ encryptedRolePassword: sealed })
        .where(eq(userDatabasesTable.id, id));
    }
    if (pending.length > 0) {
      deps.logger.info({ databases: pending.length }, "managed databases moved to roles of their own");
    }
    return pending.length;
  } finally {
    // Clean-up: an advisory lock ends with its session, which end() closes next.
    await lock.query("SELECT pg_advisory_unlock($1)", [ROLES_LOCK_ID]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}
