import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseSchema, verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { describePostgresOnly } from "../helpers/postgres-only.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Branching a managed database into a new one (schema only, or with its rows), on this project's store.
let server: TestServer;
let alice: TestUser;
let mallory: TestUser;
let sourceId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  mallory = await createTestUser(server, { verified: true });
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  sourceId = verifyResultSchema.parse(verified.data).databaseId;
  await exec(sourceId, "CREATE TABLE items (id serial PRIMARY KEY, label text NOT NULL)");
  await exec(sourceId, "INSERT INTO items (label) VALUES ('one'), ('two'), ('three')");
}, 180_000);

afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

async function exec(dbId: string, sql: string, token = alice.accessToken) {
  const answer = await api(server, token, "POST", `/db/${dbId}/execute`, { sql });
  expect(answer.status, answer.text).toBe(200);
  const { results, error } = executeResponseSchema.parse(answer.data);
  expect(error, JSON.stringify(error)).toBeNull();
  return results[0]?.rows ?? [];
}

const branch = (body: unknown, token = alice.accessToken, id = sourceId) =>
  api(server, token, "POST", `/db/${id}/branch`, body);

describe(`database branches (${testStoreKind()})`, { timeout: 120_000 }, () => {
  it("branches with data into a new database of the owner's, independent of the source", async () => {
    const made = await branch({ name: "try-migration", withData: true });
    expect(made.status, made.text).toBe(201);
    const copy = databaseSchema.parse(made.data);
    expect(copy).toMatchObject({ name: "try-migration", kind: "managed" });
    expect(copy.id).not.toBe(sourceId);
    expect(await exec(copy.id, "SELECT label FROM items ORDER BY id")).toEqual([["one"], ["two"], ["three"]]);
    await exec(copy.id, "ALTER TABLE items ADD COLUMN done boolean; DELETE FROM items WHERE id = 1");
    await exec(copy.id, "INSERT INTO items (label) VALUES ('four')");
    expect(await exec(sourceId, "SELECT count(*)::int FROM items")).toEqual([[3]]);
    expect(
      await exec(
        sourceId,
        "SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'items' AND column_name = 'done'",
      ),
    ).toEqual([[0]]);
    const list = await api<Array<{ id: string }>>(server, alice.accessToken, "GET", "/db");
    expect(list.data.map((d) => d.id)).toContain(copy.id);
  });

  it("branches the schema alone: the tables, no rows, identities from the start", async () => {
    const made = await branch({ name: "schema-only", withData: false });
    expect(made.status, made.text).toBe(201);
    const copy = databaseSchema.parse(made.data);
    expect(await exec(copy.id, "SELECT count(*)::int FROM items")).toEqual([[0]]);
    expect(await exec(copy.id, "INSERT INTO items (label) VALUES ('first') RETURNING id")).toEqual([[1]]);
    expect(await exec(sourceId, "SELECT count(*)::int FROM items")).toEqual([[3]]);
  });

  it("refuses a name the owner uses already, and another user's database", async () => {
    const taken = await branch({ name: "default", withData: false });
    expect(taken.status).toBe(409);
    expect(taken.error?.code).toBe("DATABASE_NAME_TAKEN");
    const stranger = await branch({ name: "stolen", withData: true }, mallory.accessToken);
    expect(stranger.status).toBe(404);
    expect(stranger.error?.code).toBe("DATABASE_NOT_FOUND");
    const bad = await branch({ name: "", withData: "yes" });
    expect(bad.status).toBe(400);
  });
});

describePostgresOnly("database branches by the cluster's file copy", () => {
  // A source of its own per test: what the copy must hand over, built by the tenant's own role.
  async function newSource(name: string) {
    const made = await api<{ id: string }>(server, alice.accessToken, "POST", "/db", { kind: "managed", name });
    expect(made.status, made.text).toBe(201);
    const id = made.data.id;
    await exec(
      id,
      `CREATE EXTENSION pgcrypto;
       CREATE SCHEMA shop;
       CREATE TYPE shop.mood AS ENUM ('ok', 'not ok');
       CREATE TABLE shop.orders (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, mood shop.mood, token text DEFAULT encode(gen_random_bytes(4), 'hex'));
       CREATE VIEW shop.happy AS SELECT id FROM shop.orders WHERE mood = 'ok';
       CREATE FUNCTION shop.total() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM shop.orders $$;
       GRANT SELECT ON shop.orders TO PUBLIC;
       ALTER DEFAULT PRIVILEGES IN SCHEMA shop GRANT SELECT ON TABLES TO PUBLIC;
       INSERT INTO shop.orders (mood) SELECT 'ok' FROM generate_series(1, 50)`,
    );
    return { id, location: await locationOf(id) };
  }

  async function locationOf(id: string) {
    const [row] = await server.store.query<{ location: string }>("SELECT location FROM user_databases WHERE id = $1", [
      id,
    ]);
    return row?.location ?? "";
  }

  /** The cluster's administrator (the test cluster's superuser), inside `database`. */
  async function asAdmin<T>(database: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
    const url = new URL(server.env.DATABASE_URL ?? "");
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  const methodOf = (id: string) =>
    server.logs
      .filter((line) => line.includes('"database branched"') && line.includes(id))
      .map((line) => (JSON.parse(line) as { method: string }).method);

  it("copies an idle source as a template and hands every object of it to the branch's role", async () => {
    const source = await newSource("template-source");
    // The console's own session on the source is open and idle now (the statements above): it is closed for the copy.
    const aclBefore = await asAdmin("postgres", (c) =>
      c.query("SELECT datacl::text, pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1", [
        source.location,
      ]),
    );
    const made = await branch({ name: "template-branch", withData: true }, alice.accessToken, source.id);
    expect(made.status, made.text).toBe(201);
    const copy = databaseSchema.parse(made.data);
    expect(methodOf(copy.id)).toEqual(["template"]);
    const copyLocation = await locationOf(copy.id);

    expect(await exec(copy.id, "SELECT shop.total()::int, current_user")).toEqual([[50, copyLocation]]);
    await exec(
      copy.id,
      "INSERT INTO shop.orders (mood) VALUES ('not ok'); ALTER TABLE shop.orders ADD COLUMN note text",
    );
    expect(await exec(source.id, "SELECT shop.total()::int")).toEqual([[50]]);

    await asAdmin(copyLocation, async (c) => {
      // Nothing in the copy names the source's role: no owner, no grant, no default privilege.
      const left = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_shdepend
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND refobjid = (SELECT oid FROM pg_roles WHERE rolname = $1)`,
        [source.location],
      );
      expect(left.rows[0]?.n).toBe(0);
      const owners = await c.query(
        `SELECT (SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'shop') AS schema,
                (SELECT tableowner FROM pg_tables WHERE tablename = 'orders') AS "table",
                (SELECT pg_get_userbyid(extowner) FROM pg_extension WHERE extname = 'pgcrypto') AS extension,
                (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()) AS database`,
      );
      expect(owners.rows[0]).toEqual({
        schema: copyLocation,
        table: copyLocation,
        extension: copyLocation,
        database: copyLocation,
      });
    });
    // The source's database is its role's as before, with the same grants.
    const aclAfter = await asAdmin("postgres", (c) =>
      c.query("SELECT datacl::text, pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1", [
        source.location,
      ]),
    );
    expect(aclAfter.rows).toEqual(aclBefore.rows);
    expect(aclAfter.rows[0]?.owner).toBe(source.location);

    // The source's role cannot log into the branch, even where the cluster trusts anyone.
    const url = new URL(server.env.DATABASE_URL ?? "");
    url.username = source.location;
    url.pathname = `/${copyLocation}`;
    const intruder = new pg.Client({ connectionString: url.toString() });
    intruder.on("error", () => undefined);
    await expect(intruder.connect()).rejects.toThrow(/permission denied/);
    await intruder.end().catch(() => undefined);

    // Nothing in the copy keeps the source's role alive: deleting the source drops it.
    const gone = await api(server, alice.accessToken, "DELETE", `/db/${source.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(await server.store.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [source.location])).toEqual([]);
    expect(await exec(copy.id, "SELECT count(*)::int FROM shop.happy")).toEqual([[50]]);
  });

  it("dumps and restores instead when the source has a session of someone else's", async () => {
    const source = await newSource("busy-source");
    await asAdmin(source.location, async () => {
      const made = await branch({ name: "busy-branch", withData: true }, alice.accessToken, source.id);
      expect(made.status, made.text).toBe(201);
      const copy = databaseSchema.parse(made.data);
      expect(methodOf(copy.id)).toEqual(["dump"]);
      expect(await exec(copy.id, "SELECT shop.total()::int")).toEqual([[50]]);
    });
  });

  it("dumps and restores instead while the console runs a statement on the source", async () => {
    const source = await newSource("running-source");
    const running = api(server, alice.accessToken, "POST", `/db/${source.id}/execute`, { sql: "SELECT pg_sleep(60)" });
    await asAdmin("postgres", async (c) => {
      const active = () =>
        c
          .query("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'SELECT pg_sleep%'", [
            source.location,
          ])
          .then((r) => r.rows as Array<{ pid: number }>);
      await vi.waitFor(async () => expect(await active()).toHaveLength(1), { timeout: 20_000, interval: 50 });
      const made = await branch({ name: "running-branch", withData: true }, alice.accessToken, source.id);
      expect(made.status, made.text).toBe(201);
      expect(methodOf(databaseSchema.parse(made.data).id)).toEqual(["dump"]);
      // The statement was never waited for: it is still running, and is stopped here.
      const [sleeping] = await active();
      expect(sleeping).toBeDefined();
      await c.query("SELECT pg_cancel_backend($1)", [sleeping?.pid]);
    });
    await running;
  });
});
