import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { databaseSchema, verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { TEST_POSTGRES_URL } from "../helpers/postgres.ts";
import { describePostgresOnly } from "../helpers/postgres-only.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// docs/security.md: DATABASE_URL's role may be a non-superuser with CREATEDB and CREATEROLE. Managed
// databases, their roles and their branches work the same there; the other tests run as the test
// cluster's superuser.
describePostgresOnly("a cluster administered by a role that is no superuser", () => {
  const name = `nonsuper_${randomBytes(5).toString("hex")}`;
  let server: TestServer;
  let alice: TestUser;

  async function asSuperuser(run: (client: pg.Client) => Promise<unknown>) {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      await run(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await asSuperuser(async (c) => {
      await c.query(`CREATE ROLE ${name} LOGIN CREATEDB CREATEROLE`);
      await c.query(`CREATE DATABASE ${name} OWNER ${name}`);
    });
    const url = new URL(TEST_POSTGRES_URL);
    url.username = name;
    url.pathname = `/${name}`;
    server = await startTestServer({ env: { DATABASE_URL: url.toString() } });
    alice = await createTestUser(server, { verified: true });
  }, 120_000);

  afterAll(async () => {
    if (alice) await deleteAllDatabases(server, alice.accessToken);
    await server?.close();
    await asSuperuser(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`DROP ROLE IF EXISTS ${name}`);
    });
  });

  async function exec(dbId: string, sql: string) {
    const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, { sql });
    expect(answer.status, answer.text).toBe(200);
    const { results, error } = executeResponseSchema.parse(answer.data);
    expect(error, JSON.stringify(error)).toBeNull();
    return results[0]?.rows ?? [];
  }

  it("creates, branches (by template and by dump) and drops managed databases with their roles", async () => {
    const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
    expect(verified.status, verified.text).toBe(200);
    const sourceId = verifyResultSchema.parse(verified.data).databaseId;
    expect(sourceId).toBeTruthy();
    await exec(
      sourceId ?? "",
      "CREATE SCHEMA shop; CREATE TABLE shop.items (id int PRIMARY KEY); INSERT INTO shop.items VALUES (1), (2)",
    );
    for (const withData of [true, false]) {
      const made = await api(server, alice.accessToken, "POST", `/db/${sourceId}/branch`, {
        name: `branch-${withData}`,
        withData,
      });
      expect(made.status, made.text).toBe(201);
      const copy = databaseSchema.parse(made.data);
      expect(await exec(copy.id, "SELECT count(*)::int FROM shop.items")).toEqual([[withData ? 2 : 0]]);
      const logged = server.logs.find((line) => line.includes('"database branched"') && line.includes(copy.id));
      expect(logged && (JSON.parse(logged) as { method: string }).method).toBe(withData ? "template" : "dump");
    }
    const [source] = await server.store.query<{ location: string }>(
      "SELECT location FROM user_databases WHERE id = $1",
      [sourceId],
    );
    const gone = await api(server, alice.accessToken, "DELETE", `/db/${sourceId}`);
    expect(gone.status, gone.text).toBe(200);
    expect(await server.store.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [source?.location])).toEqual([]);
  });
});
