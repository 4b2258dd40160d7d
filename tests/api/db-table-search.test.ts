import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableDataSchema, verifyResultSchema } from "../../server/contract/databases.ts";
import { searchIndexCreatedSchema, searchIndexSchema } from "../../server/contract/search-index.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Search on a large table (issue 30): a page whose caller goes away stops its statement, and the
// trigram index a `contains` search would use is offered with its statements, then made.
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let dbId: string;

async function execute(sql: string) {
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, { sql });
  expect(answer.status, answer.text).toBe(200);
  const result = executeResponseSchema.parse(answer.data);
  expect(result.error, JSON.stringify(result.error)).toBeNull();
  return result;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  bob = await createTestUser(server, { verified: true });
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  expect(verified.status, verified.text).toBe(200);
  dbId = verifyResultSchema.parse(verified.data).databaseId;
  await execute(`CREATE TABLE people (id int PRIMARY KEY, name text, code varchar(20), "Nick Name" text);
    INSERT INTO people SELECT g, 'person ' || g, 'c' || g, 'n' || g FROM generate_series(1, 500) g;
    CREATE VIEW people_view AS SELECT * FROM people;
    -- Every row takes a while: a search over it runs until someone stops it. (IMMUTABLE, so that a
    -- count, which reads no name, skips it.)
    CREATE FUNCTION slow_name(n int) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT pg_sleep(0.05); SELECT 'slow ' || n $$;
    CREATE VIEW slow AS SELECT g AS id, slow_name(g) AS name FROM generate_series(1, 100000) g;`);
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

const indexPath = (table: string, column: string) =>
  `/db/${dbId}/table/${table}/search-index?column=${encodeURIComponent(column)}`;

describe("the trigram index offer", () => {
  it("shows the statements first, makes the index, and then the column counts as indexed", async () => {
    for (const column of ["name", "code", "Nick Name"]) {
      const offer = await api(server, alice.accessToken, "GET", indexPath("people", column));
      expect(offer.status, offer.text).toBe(200);
      const plan = searchIndexSchema.parse(offer.data);
      expect(plan.available).toBe(true);
      expect(plan.indexed).toBe(false);
      expect(plan.statements.at(-1)).toBe(
        `CREATE INDEX ON "public"."people" USING gin ((${JSON.stringify(column)}::text) gin_trgm_ops);`,
      );
      const made = await api(server, alice.accessToken, "POST", `/db/${dbId}/table/people/search-index`, { column });
      expect(made.status, made.text).toBe(200);
      expect(searchIndexCreatedSchema.parse(made.data).statements).toEqual(plan.statements);
      const after = searchIndexSchema.parse(
        (await api(server, alice.accessToken, "GET", indexPath("people", column))).data,
      );
      expect(after).toEqual({ available: true, indexed: true, statements: [] });
    }
    // The page's own search condition can use it.
    const plan = await execute(`SET enable_seqscan = off;
      EXPLAIN SELECT * FROM people t WHERE t."name"::text ILIKE '%son 42%'`);
    expect(JSON.stringify(plan)).toContain("people_name_idx");
    const page = tableDataSchema.parse(
      (await api(server, alice.accessToken, "GET", `/db/${dbId}/table/people?searchColumn=name&searchValue=son%20420`))
        .data,
    );
    expect(page.rows).toEqual([[420, "person 420", "c420", "n420"]]);
  });

  it("offers nothing on a view, refuses to make one there, and names unknown columns and tables", async () => {
    const view = searchIndexSchema.parse(
      (await api(server, alice.accessToken, "GET", indexPath("people_view", "name"))).data,
    );
    expect(view).toEqual({ available: false, indexed: false, statements: [] });
    const refused = await api(server, alice.accessToken, "POST", `/db/${dbId}/table/people_view/search-index`, {
      column: "name",
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe("SEARCH_INDEX_UNAVAILABLE");
    const column = await api(server, alice.accessToken, "GET", indexPath("people", "nope"));
    expect([column.status, column.error?.code]).toEqual([400, "COLUMN_NOT_FOUND"]);
    const table = await api(server, alice.accessToken, "GET", indexPath("nope", "name"));
    expect([table.status, table.error?.code]).toEqual([404, "TABLE_NOT_FOUND"]);
    const bad = await api(server, alice.accessToken, "POST", `/db/${dbId}/table/people/search-index`, { column: "" });
    expect(bad.status).toBe(400);
  });

  it("is nobody else's: another user reaches neither the offer nor the index", async () => {
    const offer = await api(server, bob.accessToken, "GET", indexPath("people", "name"));
    expect([offer.status, offer.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
    const made = await api(server, bob.accessToken, "POST", `/db/${dbId}/table/people/search-index`, {
      column: "code",
    });
    expect([made.status, made.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
  });
});

describe("stopping a search", () => {
  it("stops the statement of a page whose caller went away", async () => {
    const controller = new AbortController();
    const search = server
      .request(`/api/v1/db/${dbId}/table/slow?searchColumn=name&searchValue=nothing`, {
        headers: { authorization: `Bearer ${alice.accessToken}` },
        signal: controller.signal,
      })
      .catch((error: unknown) => error);
    if (server.store.kind === "postgres") {
      // Aborted once PostgreSQL runs it; then the backend must stop (a statement left running would
      // sleep for more than an hour).
      const running = async () =>
        Number(
          (
            await execute(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%FROM "public"."slow"%' AND state = 'active' AND pid <> pg_backend_pid()`,
            )
          ).results[0]?.rows[0]?.[0],
        );
      while ((await running()) === 0) await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      await search;
      while ((await running()) > 0) await new Promise((resolve) => setImmediate(resolve));
    } else {
      // PGlite has one backend: a statement left running would hold every later one of this database.
      controller.abort();
      await search;
    }
    const next = await api(server, alice.accessToken, "GET", `/db/${dbId}/table/people?pageSize=1`);
    expect(next.status, next.text).toBe(200);
    expect(tableDataSchema.parse(next.data).rows).toEqual([[1, "person 1", "c1", "n1"]]);
  });
});
