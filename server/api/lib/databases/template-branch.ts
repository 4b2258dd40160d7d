import pg from "pg";
import { clusterDatabaseUrl, tenantRoleName, withClient } from "./managed-roles.ts";

const ident = pg.escapeIdentifier;

/** SQLSTATE object_in_use: CREATE DATABASE found a session on the template after waiting 5 s for it to end. */
const OBJECT_IN_USE = "55006";

/**
 * Makes the managed database `target` (just created, empty, with its own role) a copy of the managed
 * database `source` made by the cluster itself, `CREATE DATABASE … TEMPLATE`: the files copied, no row
 * read out and in again, about as fast as copying the folder (docs/benchmarks.md). Answers false, and
 * leaves `target` empty as it was, when `source` has a session: PostgreSQL copies a template only
 * while nobody is connected to it, and new sessions to the source wait until the copy is done.
 *
 * The copy's objects belong to the source's role; they are handed to the target's role, and every
 * grant to the source's role inside the copy is taken back, so that role can neither reach the copy
 * nor be kept from being dropped with its database. The caller then isolates the target as any new
 * managed database (isolateTenantDatabase: owner, CONNECT, hardening).
 */
export async function copyByTemplate(clusterUrl: string, source: string, target: string): Promise<boolean> {
  const copied = await withClient(clusterUrl, async (admin) => {
    // Autovacuum is asked to leave by CREATE DATABASE itself; any other session would make it wait 5 s and fail.
    const sessions = await admin.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND backend_type <> 'autovacuum worker'",
      [source],
    );
    if ((sessions.rows[0]?.n ?? 0) > 0) return false;
    await admin.query(`DROP DATABASE ${ident(target)}`);
    try {
      await admin.query(`CREATE DATABASE ${ident(target)} TEMPLATE ${ident(source)}`);
      return true;
    } catch (error) {
      // Someone connected between the look and the copy: the target is made empty again, as it came.
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await admin.query(`CREATE DATABASE ${ident(target)}`);
      return false;
    }
  });
  if (!copied) return false;
  await withClient(clusterDatabaseUrl(clusterUrl, target), (admin) =>
    handOverCopy(
      admin,
      { database: source, role: tenantRoleName(source) },
      { database: target, role: tenantRoleName(target) },
    ),
  );
  return true;
}

/**
 * Inside the copy, as the administrator: every object of the source's role to `toRole`, and the
 * source role's grants and default privileges there dropped. REASSIGN OWNED also hands over the
 * shared objects the role owns, its own database among them, so that database is lent to the
 * administrator for the length of the transaction; other sessions never see the loan (one
 * transaction, its catalog rows committed as they were). DROP OWNED then finds nothing left to drop
 * but the grants. A non-superuser administrator may give an object only to a role that may create
 * it there, so the copy and its schemas are handed over first.
 */
async function handOverCopy(
  admin: pg.Client,
  source: { database: string; role: string },
  copy: { database: string; role: string },
) {
  const from = ident(source.role);
  const to = ident(copy.role);
  await admin.query("BEGIN");
  try {
    await admin.query(`ALTER DATABASE ${ident(copy.database)} OWNER TO ${to}`);
    const schemas = await admin.query<{ name: string }>(
      "SELECT nspname AS name FROM pg_namespace WHERE nspowner = (SELECT oid FROM pg_roles WHERE rolname = $1)",
      [source.role],
    );
    for (const { name } of schemas.rows) await admin.query(`ALTER SCHEMA ${ident(name)} OWNER TO ${to}`);
    await admin.query(`ALTER DATABASE ${ident(source.database)} OWNER TO CURRENT_USER`);
    await admin.query(`REASSIGN OWNED BY ${from} TO ${to}`);
    await admin.query(`ALTER DATABASE ${ident(source.database)} OWNER TO ${from}`);
    await admin.query(`DROP OWNED BY ${from}`);
    await admin.query("COMMIT");
  } catch (error) {
    // Clean-up: the transaction's own error is the one to report.
    await admin.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}
