import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateManagedRoles } from "../../server/api/lib/databases/migrate-managed-roles.ts";
import { verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { loadMasterKey } from "../../server/lib/envelope.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { Vault } from "../../server/lib/vault.ts";
import { TEST_POSTGRES_URL } from "../helpers/postgres.ts";
import { describePostgresOnly } from "../helpers/postgres-only.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Managed databases on a PostgreSQL cluster: what one tenant's SQL can reach. PGlite databases are
// separate processes with separate files, so there is nothing to share there.
describePostgresOnly("tenants of one PostgreSQL cluster", () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceDb: string;
  let bobDb: string;
  let bobLocation: string;
  let controlDatabase: string;

  const exec = async (user: TestUser, dbId: string, sql: string) => {
    const answer = await api(server, user.accessToken, "POST", `/db/${dbId}/execute`, { sql });
    expect(answer.status, answer.text).toBe(200);
    return executeResponseSchema.parse(answer.data);
  };
  const refused = async (sql: string) => {
    const result = await exec(alice, aliceDb, sql);
    expect(result.error, `${sql} should have been refused`).not.toBeNull();
    return result.error?.message ?? "";
  };

  beforeAll(async () => {
    server = await startTestServer();
    controlDatabase = new URL(server.env.DATABASE_URL ?? "").pathname.slice(1);
    [alice, bob] = await Promise.all([
      createTestUser(server, { verified: true }),
      createTestUser(server, { verified: true }),
    ]);
    aliceDb = verifyResultSchema.parse((await api(server, alice.accessToken, "POST", "/auth/verify")).data).databaseId;
    bobDb = verifyResultSchema.parse((await api(server, bob.accessToken, "POST", "/auth/verify")).data).databaseId;
    const rows = await server.store.query<{ location: string }>("SELECT location FROM user_databases WHERE id = $1", [
      bobDb,
    ]);
    bobLocation = rows[0]?.location ?? "";
  }, 120_000);
  afterAll(async () => {
    if (alice) await deleteAllDatabases(server, alice.accessToken);
    if (bob) await deleteAllDatabases(server, bob.accessToken);
    await server?.close();
  });

  it("runs a tenant's SQL as the database's own role, which owns the database and its public schema", async () => {
    const who = await exec(
      alice,
      aliceDb,
      `SELECT current_user, r.rolsuper, r.rolcreatedb, r.rolcreaterole, r.rolreplication, r.rolbypassrls,
              (SELECT count(*) FROM pg_auth_members m WHERE m.member = r.oid) AS memberships,
              pg_get_userbyid(d.datdba) = current_user AS owns_database,
              (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'public') = current_user AS owns_public,
              has_database_privilege('public', current_database(), 'CONNECT') AS public_connect
         FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = current_database()`,
    );
    expect(who.error).toBeNull();
    const [role, ...flags] = who.results[0]?.rows[0] ?? [];
    expect(role).toMatch(/^ud_[0-9a-f]{32}$/);
    expect(flags).toEqual([false, false, false, false, false, "0", true, true, false]);
  });

  it("keeps the tenant's own work working: tables, rows, explain, the table browser and row edits", async () => {
    const work = await exec(
      alice,
      aliceDb,
      `CREATE TABLE notes (id serial PRIMARY KEY, body text);
       INSERT INTO notes (body) VALUES ('one'), ('two');
       CREATE VIEW note_bodies AS SELECT body FROM notes;
       CREATE FUNCTION shout(t text) RETURNS text LANGUAGE sql AS $$ SELECT upper(t) $$;
       CREATE EXTENSION IF NOT EXISTS pgcrypto;
       EXPLAIN SELECT shout(body) FROM note_bodies;
       SELECT shout(body) FROM note_bodies ORDER BY 1`,
    );
    expect(work.error).toBeNull();
    expect(work.results.at(-1)?.rows).toEqual([["ONE"], ["TWO"]]);
    const page = await api<{ rows: unknown[] }>(server, alice.accessToken, "GET", `/db/${aliceDb}/table/notes`);
    expect(page.status, page.text).toBe(200);
    expect(page.data.rows).toHaveLength(2);
    const schema = await api(server, alice.accessToken, "GET", `/db/${aliceDb}/schema`);
    expect(schema.status, schema.text).toBe(200);
    expect(schema.text).toContain("notes");
    const edit = await api(server, alice.accessToken, "POST", `/db/${aliceDb}/rows`, {
      tableName: "notes",
      changes: [
        { op: "insert", values: { body: "three" } },
        { op: "update", key: { id: 1 }, values: { body: "uno" } },
      ],
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await exec(alice, aliceDb, "SELECT count(*)::int FROM notes")).results[0]?.rows).toEqual([[3]]);
  });

  it("refuses every way out of the tenant's database", async () => {
    // Extensions that connect to other databases or read files need a superuser.
    for (const extension of ["dblink", "postgres_fdw", "file_fdw", "adminpack"]) {
      expect(await refused(`CREATE EXTENSION ${extension}`)).toMatch(/permission denied|superuser/i);
    }
    expect(await refused("SELECT dblink_connect_u('host=127.0.0.1 user=postgres dbname=postgres')")).toMatch(
      /does not exist/,
    );
    expect(await refused("SELECT dblink('host=127.0.0.1 user=postgres', 'SELECT 1')")).toMatch(/does not exist/);
    expect(await refused("CREATE TABLE out (line text); COPY out FROM PROGRAM 'id'")).toMatch(
      /pg_execute_server_program/,
    );
    expect(await refused("COPY (SELECT 1) TO '/tmp/appconsole-tenant-escape'")).toMatch(/pg_write_server_files/);
    expect(await refused("SELECT pg_read_file('/etc/passwd')")).toMatch(/permission denied/);
    expect(await refused("SELECT pg_ls_dir('.')")).toMatch(/permission denied/);
    expect(await refused("SELECT lo_import('/etc/passwd')")).toMatch(/permission denied/);
    expect(await refused("CREATE FUNCTION rf(text) RETURNS text AS 'pg_read_file_off_len' LANGUAGE internal")).toMatch(
      /permission denied for language/,
    );
    expect(await refused(`DROP DATABASE ${pg.escapeIdentifier(bobLocation)}`)).toMatch(/must be owner/);
    expect(await refused(`DROP DATABASE ${pg.escapeIdentifier(controlDatabase)} WITH (FORCE)`)).toMatch(
      /must be owner/,
    );
    expect(await refused("CREATE DATABASE escape")).toMatch(/permission denied/);
    expect(await refused("ALTER ROLE CURRENT_USER SUPERUSER")).toMatch(/superuser/);
    expect(await refused("ALTER ROLE CURRENT_USER CREATEROLE")).toMatch(/permission denied/);
    expect(await refused(`ALTER ROLE ${pg.escapeIdentifier(bobLocation)} PASSWORD 'taken'`)).toMatch(
      /permission denied/,
    );
    expect(await refused("ALTER ROLE postgres PASSWORD 'taken'")).toMatch(/superuser|permission denied/);
    expect(await refused("CREATE ROLE intruder LOGIN")).toMatch(/permission denied/);
    expect(await refused("CREATE ROLE intruder LOGIN SUPERUSER")).toMatch(/superuser/);
    expect(await refused("SET ROLE postgres")).toMatch(/permission denied/);
    expect(await refused("SET SESSION AUTHORIZATION postgres")).toMatch(/permission denied/);
    expect(await refused(`SET ROLE ${pg.escapeIdentifier(bobLocation)}`)).toMatch(/permission denied/);
    expect(await refused("GRANT pg_execute_server_program TO CURRENT_USER")).toMatch(/admin option|permission/);
    // No other database is open to a tenant's role, not even to look.
    const connect = await exec(
      alice,
      aliceDb,
      `SELECT has_database_privilege(${pg.escapeLiteral(bobLocation)}, 'CONNECT'),
              has_database_privilege(${pg.escapeLiteral(bobLocation)}, 'TEMP')`,
    );
    expect(connect.results[0]?.rows).toEqual([[false, false]]);
    // Bob's database and the control store are intact.
    expect((await exec(bob, bobDb, "SELECT count(*)::int FROM example_tasks")).results[0]?.rows).toEqual([[3]]);
    expect(await server.store.query("SELECT 1 AS alive")).toEqual([{ alive: 1 }]);
  });

  it("gives a tenant's role nothing elsewhere, even where the cluster lets anyone log in (trust)", async () => {
    const role = (await exec(alice, aliceDb, "SELECT current_user")).results[0]?.rows[0]?.[0] as string;
    const loginAs = (database: string) => {
      const url = new URL(TEST_POSTGRES_URL);
      url.username = role;
      url.pathname = `/${database}`;
      const client = new pg.Client({ connectionString: url.toString() });
      client.on("error", () => undefined);
      return client;
    };
    const intoBob = loginAs(bobLocation);
    await expect(intoBob.connect()).rejects.toThrow(/permission denied/);
    await intoBob.end().catch(() => undefined);
    // The control store is the operator's database (its ACL is theirs to set): where the ACL lets
    // the role connect, the connection opens and none of its tables is open to it; where it does
    // not, the connection itself is refused. Either way the refusal is the one the ACL predicts.
    const [acl] = await server.store.query<{ may_connect: boolean }>(
      "SELECT has_database_privilege($1, current_database(), 'CONNECT') AS may_connect",
      [role],
    );
    const intoControl = loginAs(controlDatabase);
    try {
      if (!acl?.may_connect) {
        await expect(intoControl.connect()).rejects.toThrow(/permission denied/);
        return;
      }
      await intoControl.connect();
      await expect(intoControl.query("SELECT count(*) FROM auth_users")).rejects.toThrow(/permission denied/);
      await expect(intoControl.query("SELECT count(*) FROM user_databases")).rejects.toThrow(/permission denied/);
    } finally {
      // Clean-up: a client whose connect was refused has nothing to end, and end() says so.
      await intoControl.end().catch(() => undefined);
    }
  });

  it("drops the database's role with the database", async () => {
    const created = await api<{ id: string }>(server, bob.accessToken, "POST", "/db", {
      kind: "managed",
      name: `gone-${randomUUID().slice(0, 8)}`,
    });
    expect(created.status, created.text).toBe(201);
    const [row] = await server.store.query<{ location: string; encrypted_role_password: string }>(
      "SELECT location, encrypted_role_password FROM user_databases WHERE id = $1",
      [created.data.id],
    );
    expect(row?.encrypted_role_password).toMatch(/^v1\./);
    const roles = () =>
      server.store.query(
        "SELECT 1 FROM pg_roles WHERE rolname = $1 UNION ALL SELECT 1 FROM pg_database WHERE datname = $1",
        [row?.location],
      );
    expect(await roles()).toHaveLength(2);
    await api(server, bob.accessToken, "DELETE", `/db/${created.data.id}`);
    expect(await roles()).toHaveLength(0);
  });
});

describePostgresOnly("moving existing managed databases to roles of their own", () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    user = await createTestUser(server, { verified: true });
  }, 120_000);
  afterAll(async () => {
    if (user) await deleteAllDatabases(server, user.accessToken);
    await server?.close();
  });

  it("takes back what a tenant built while running as the server's role, and is idempotent under concurrency", async () => {
    // A database as they were before tenants had roles: owned by the server's role, which ran the
    // tenant's SQL, including what only a superuser can create.
    const dbId = randomUUID();
    const location = `ud_${dbId.replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(location)}`);
    await admin.end();
    await server.store.query(
      "INSERT INTO user_databases (id, owner_id, name, kind, engine, location) VALUES ($1, $2, 'legacy', 'managed', 'postgres', $3)",
      [dbId, user.userId, location],
    );
    const inside = new URL(server.env.DATABASE_URL ?? "");
    inside.pathname = `/${location}`;
    const tenantDb = new pg.Client({ connectionString: inside.toString() });
    await tenantDb.connect();
    await tenantDb.query(`
      ALTER SCHEMA public OWNER TO CURRENT_USER;
      CREATE TABLE public.tasks (id serial PRIMARY KEY, title text);
      INSERT INTO public.tasks (title) VALUES ('kept');
      CREATE EXTENSION dblink;
      CREATE SCHEMA kept;
      CREATE TABLE kept.items (id int GENERATED ALWAYS AS IDENTITY, name text);
      INSERT INTO kept.items (name) VALUES ('still here');
      CREATE TYPE kept.mood AS ENUM ('ok');
      CREATE MATERIALIZED VIEW kept.item_names AS SELECT name FROM kept.items;
      CREATE SEQUENCE kept.free_standing;
      CREATE AGGREGATE kept.total(int) (sfunc = int4pl, stype = int);
      CREATE VIEW public.leak AS SELECT pg_read_file('/etc/hostname') AS content;
      CREATE FUNCTION public.as_admin(q text) RETURNS void SECURITY DEFINER LANGUAGE plpgsql
        AS $$ BEGIN EXECUTE q; END $$;
      CREATE FUNCTION public.read_file(text) RETURNS text AS 'pg_read_file_off_len' LANGUAGE internal;`);
    await tenantDb.end();

    const deps = {
      db: server.store.db,
      vault: new Vault(server.store.db, loadMasterKey({ dataDir: server.dataDir })),
      databaseUrl: server.env.DATABASE_URL ?? "",
      logger: createLogger({ level: "silent" }),
    };
    // Two instances starting together: one migrates, the other finds nothing left to do.
    const counts = await Promise.all([migrateManagedRoles(deps), migrateManagedRoles(deps)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await migrateManagedRoles(deps)).toBe(0);

    const exec = async (sql: string) => {
      const answer = await api(server, user.accessToken, "POST", `/db/${dbId}/execute`, { sql });
      expect(answer.status, answer.text).toBe(200);
      return executeResponseSchema.parse(answer.data);
    };
    expect((await exec("SELECT current_user")).results[0]?.rows).toEqual([[location]]);
    const owners = await exec(
      `SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname IN ('public', 'kept') AND c.relkind IN ('r','v','m','S') AND c.relowner <> current_user::regrole),
              (SELECT count(*)::int FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname IN ('public', 'kept') AND p.proowner <> current_user::regrole),
              (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'kept') = current_user::text,
              (SELECT typowner::regrole::text FROM pg_type WHERE typname = 'mood') = current_user::text,
              (SELECT count(*)::int FROM pg_extension WHERE extname = 'dblink'),
              (SELECT count(*)::int FROM pg_proc WHERE proname = 'read_file'),
              has_database_privilege('public', current_database(), 'CONNECT')`,
    );
    expect(owners.error).toBeNull();
    expect(owners.results[0]?.rows).toEqual([[0, 0, true, true, 0, 0, false]]);
    // The view now reads with the tenant's rights; the SECURITY DEFINER function runs as the tenant.
    expect((await exec("SELECT * FROM public.leak")).error?.message).toMatch(/permission denied/);
    expect((await exec("SELECT public.as_admin('CREATE ROLE intruder')")).error?.message).toMatch(/permission denied/);
    const work = await exec(
      `INSERT INTO public.tasks (title) VALUES ('new'); INSERT INTO kept.items (name) VALUES ('new');
       SELECT nextval('kept.free_standing'); REFRESH MATERIALIZED VIEW kept.item_names;
       SELECT kept.total(id) FROM kept.items`,
    );
    expect(work.error).toBeNull();
    expect(work.results.at(-1)?.rows).toEqual([[3]]);
  });
});
