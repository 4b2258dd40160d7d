import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Tenant isolation for managed databases on a PostgreSQL cluster: each database has its own login
 * role, named like the database, that owns it and nothing else. It is no superuser, cannot create
 * databases or roles, belongs to no other role, and is the only non-superuser that may connect to its
 * database (CONNECT and TEMP are revoked from PUBLIC). Everything a user runs in the workbench or the
 * table browser runs as that role; the server's own role (DATABASE_URL) only administers.
 *
 * dblink, postgres_fdw, file_fdw and adminpack are not trusted extensions, so the owner of a database
 * cannot create them; and untrusted languages (C, internal, plpython3u, ...) need a superuser too.
 */

/** Extensions that reach out of the database (other databases, files, hosts); never left in one. */
const OUTREACHING_EXTENSIONS = ["dblink", "postgres_fdw", "file_fdw", "adminpack"];

const ident = pg.escapeIdentifier;
const literal = pg.escapeLiteral;

export const tenantRoleName = (location: string) => location;

export function newRolePassword(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The SCRAM-SHA-256 verifier PostgreSQL would store for `password` (RFC 5802/7677 as in its
 * pg_authid). Sending the verifier rather than the password keeps the password out of the server's
 * statement and error logs; PostgreSQL stores a pre-hashed value as given.
 */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  const clientKey = createHmac("sha256", salted).update("Client Key").digest();
  const storedKey = createHash("sha256").update(clientKey).digest();
  const serverKey = createHmac("sha256", salted).update("Server Key").digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString("base64")}$${storedKey.toString("base64")}:${serverKey.toString("base64")}`;
}

/** A URL of the cluster in `clusterUrl` for `database`, optionally as another user. */
export function clusterDatabaseUrl(clusterUrl: string, database: string, login?: { user: string; password: string }) {
  const url = new URL(clusterUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  if (login) {
    url.username = encodeURIComponent(login.user);
    url.password = encodeURIComponent(login.password);
  }
  return url.toString();
}

export async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    // Clean-up: the work's answer (or error) is already known.
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the login role `role` with `password`, or resets an existing one (a start-up interrupted
 * after CREATE ROLE) to exactly the attributes a tenant has, with no role memberships.
 */
async function ensureTenantRole(admin: pg.Client, role: string, password: string): Promise<void> {
  const me = await admin.query<{ rolsuper: boolean }>("SELECT rolsuper FROM pg_roles WHERE rolname = current_user");
  const superuser = me.rows[0]?.rolsuper === true;
  // Only a superuser may name SUPERUSER, REPLICATION or BYPASSRLS at all, even to say NO; a role a
  // non-superuser creates cannot have them, and one that has them is refused below.
  const attributes = `LOGIN NOCREATEDB NOCREATEROLE INHERIT${
    superuser ? " NOSUPERUSER NOREPLICATION NOBYPASSRLS" : ""
  } PASSWORD ${literal(scramVerifier(password))}`;
  const exists = await admin.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]);
  if (exists.rowCount === 0) {
    try {
      await admin.query(`CREATE ROLE ${ident(role)} ${attributes}`);
    } catch (error) {
      // Another instance created it meanwhile: fall through to resetting it.
      if ((error as { code?: string }).code !== "42710") throw error;
    }
  }
  await admin.query(`ALTER ROLE ${ident(role)} ${attributes}`);
  const powers = await admin.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_roles WHERE rolname = $1 AND (rolsuper OR rolreplication OR rolbypassrls)",
    [role],
  );
  if ((powers.rows[0]?.n ?? 0) > 0) {
    throw new Error(`role ${role} is a superuser or may replicate or bypass row security; a tenant may not`);
  }
  const memberships = await admin.query<{ granted: string }>(
    `SELECT g.rolname AS granted FROM pg_auth_members m
       JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = $1`,
    [role],
  );
  for (const { granted } of memberships.rows) await admin.query(`REVOKE ${ident(granted)} FROM ${ident(role)}`);
  // A non-superuser administrator must be a member of a role to hand it a database (PostgreSQL 16
  // no longer makes the creator one implicitly).
  if (!superuser) await admin.query(`GRANT ${ident(role)} TO CURRENT_USER`);
}

/**
 * Inside the tenant's database, as the administrator: removes what only a superuser could have put
 * there (outreaching extensions, functions in untrusted languages, event triggers: from a template,
 * or from the time tenants' SQL ran as the server's role), and hands every object the administrator
 * owns to the tenant, so no view or SECURITY DEFINER function runs with the administrator's rights.
 */
async function hardenInside(admin: pg.Client, role: string): Promise<void> {
  await admin.query(`DROP EXTENSION IF EXISTS ${OUTREACHING_EXTENSIONS.map(ident).join(", ")} CASCADE`);
  const notFromExtension = (catalog: string, oid: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;
  const userSchema = (nsp: string) =>
    `${nsp} NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)`;
  // Aggregates are listed in language internal; what they run are their support functions, checked here too.
  const untrusted = await admin.query<{ fn: string }>(
    `SELECT p.oid::regprocedure::text AS fn FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
      WHERE NOT l.lanpltrusted AND p.prokind <> 'a' AND ${userSchema("p.pronamespace")} AND ${notFromExtension("pg_proc", "p.oid")}`,
  );
  for (const { fn } of untrusted.rows) await admin.query(`DROP ROUTINE IF EXISTS ${fn} CASCADE`);
  const triggers = await admin.query<{ name: string }>("SELECT evtname AS name FROM pg_event_trigger");
  for (const { name } of triggers.rows) await admin.query(`DROP EVENT TRIGGER IF EXISTS ${ident(name)}`);

  const to = ident(role);
  await admin.query(`ALTER SCHEMA public OWNER TO ${to}`);
  const statements = await admin.query<{ sql: string }>(
    `WITH me AS (SELECT oid FROM pg_roles WHERE rolname = current_user)
     SELECT format('ALTER SCHEMA %I OWNER TO %s', n.nspname, $1::text) AS sql FROM pg_namespace n, me
      WHERE n.nspowner = me.oid AND ${userSchema("n.oid")} AND n.nspname NOT LIKE 'pg\\_%'
        AND ${notFromExtension("pg_namespace", "n.oid")}
     UNION ALL
     SELECT format('ALTER %s %s OWNER TO %s',
              CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'c' THEN 'TYPE' ELSE 'TABLE' END,
              c.oid::regclass::text, $1::text)
       FROM pg_class c, me
      WHERE c.relowner = me.oid AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f', 'c') AND ${userSchema("c.relnamespace")}
        AND c.relnamespace::regnamespace::text NOT LIKE 'pg\\_%'
        AND ${notFromExtension("pg_class", "c.oid")}
        -- sequences behind serial and identity columns follow their table
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                  AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
     UNION ALL
     SELECT format('ALTER ROUTINE %s OWNER TO %s', p.oid::regprocedure::text, $1::text) FROM pg_proc p, me
      WHERE p.proowner = me.oid AND ${userSchema("p.pronamespace")} AND ${notFromExtension("pg_proc", "p.oid")}
     UNION ALL
     SELECT format('ALTER TYPE %s OWNER TO %s', t.oid::regtype::text, $1::text) FROM pg_type t, me
      WHERE t.typowner = me.oid AND t.typtype IN ('e', 'd', 'r') AND ${userSchema("t.typnamespace")}
        AND ${notFromExtension("pg_type", "t.oid")}
     UNION ALL
     SELECT format('ALTER LARGE OBJECT %s OWNER TO %s', m.oid, $1::text) FROM pg_largeobject_metadata m, me
      WHERE m.lomowner = me.oid`,
    [to],
  );
  for (const { sql } of statements.rows) await admin.query(sql);
}

/**
 * Gives the managed database `location` its own role (created or reset with `password`) and makes
 * it the database's only tenant. Idempotent: run again, it converges to the same state.
 */
export async function isolateTenantDatabase(clusterUrl: string, location: string, password: string): Promise<void> {
  const role = tenantRoleName(location);
  await withClient(clusterUrl, async (admin) => {
    await ensureTenantRole(admin, role, password);
    await admin.query(`ALTER DATABASE ${ident(location)} OWNER TO ${ident(role)}`);
    await admin.query(`REVOKE ALL ON DATABASE ${ident(location)} FROM PUBLIC`);
  });
  await withClient(clusterDatabaseUrl(clusterUrl, location), (admin) => hardenInside(admin, role));
}

/** Creates the managed database `location` with its own role; answers the role's password. */
export async function createTenantDatabase(clusterUrl: string, location: string): Promise<string> {
  const password = newRolePassword();
  await withClient(clusterUrl, (admin) => admin.query(`CREATE DATABASE ${ident(location)}`));
  try {
    await isolateTenantDatabase(clusterUrl, location, password);
  } catch (error) {
    // Clean-up of a database never handed out; the caller gets the isolation's error and logs its own clean-up.
    await dropTenantDatabase(clusterUrl, location).catch(() => undefined);
    throw error;
  }
  return password;
}

/** Drops the managed database `location` (closing its sessions) and its role. */
export async function dropTenantDatabase(clusterUrl: string, location: string): Promise<void> {
  await withClient(clusterUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${ident(location)} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${ident(tenantRoleName(location))}`);
  });
}
