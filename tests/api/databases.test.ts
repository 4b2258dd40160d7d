import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  databaseSchema,
  databaseSchemaResponseSchema,
  tableDataSchema,
  verifyResultSchema,
} from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { postgresReachable, TEST_POSTGRES_URL } from "../helpers/postgres.ts";
import { NEEDS_POSTGRES_SERVER } from "../helpers/reasoned-skips.mjs";
import { appProjectOf, createTestUser, serverHeaders, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases, startRun } from "./api-client.ts";

// The external-database case needs the test cluster even in the PGlite project; null when it answers.
const postgresProblem = await postgresReachable();

let server: TestServer;
let alice: TestUser;
let dbId: string;

beforeAll(async () => {
  // The external-database tests register the local cluster: loopback, allowed explicitly.
  server = await startTestServer({
    env: { SQL_STATEMENT_TIMEOUT_MS: "4000", SQL_MAX_ROWS: "100", OUTBOUND_ALLOW: "127.0.0.1" },
  });
  alice = await createTestUser(server, { verified: true });
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  expect(verified.status, verified.text + server.logs.filter((l) => l.includes("error")).join("\n")).toBe(200);
  dbId = verifyResultSchema.parse(verified.data).databaseId;
  // The first PGlite database runs initdb: seconds of WASM, a minute on a machine this busy.
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

const exec = async (sql: string, extra: Record<string, unknown> = {}) => {
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, { sql, ...extra });
  expect(answer.status, answer.text).toBe(200);
  return executeResponseSchema.parse(answer.data);
};

/** Sleeps far longer than any test runs, so only a cancel or an abort ends it in time. */
const UNLIMITED_SLEEP = "pg_sleep(121)";

/** A run of `sql` on the shared database, returned once it is in progress (see startRun). */
const startOwnRun = (sql: string, options: { executionId?: string; signal?: AbortSignal } = {}) =>
  startRun(server, alice.accessToken, dbId, sql, options);

describe("project initialisation", () => {
  it("is idempotent, creates one default database with an example table, and marks the user", async () => {
    const again = await api(server, alice.accessToken, "POST", "/auth/verify");
    expect(verifyResultSchema.parse(again.data).databaseId).toBe(dbId);
    const list = await api<unknown[]>(server, alice.accessToken, "GET", "/db");
    expect(list.data.map((d) => databaseSchema.parse(d))).toEqual([
      expect.objectContaining({ id: dbId, name: "default", kind: "managed", target: null }),
    ]);
    const tasks = await api(server, alice.accessToken, "GET", `/db/${dbId}/table/example_tasks`);
    expect(tableDataSchema.parse(tasks.data)).toMatchObject({ rowCount: 3, rowCountExact: true, hasMore: false });
    const keys = await appProjectOf(server);
    const user = await server.request(`/auth/api/v1/users/${alice.userId}`, { headers: serverHeaders(keys) });
    expect(((await user.json()) as { client_read_only_metadata: unknown }).client_read_only_metadata).toEqual({
      projectInitialized: true,
    });
  });
});

describe("databases", () => {
  it("creates, renames and deletes a managed database; names are unique per user", async () => {
    const created = await api(server, alice.accessToken, "POST", "/db", { kind: "managed", name: "scratch" });
    expect(created.status, created.text).toBe(201);
    const db = databaseSchema.parse(created.data);
    const taken = await api(server, alice.accessToken, "POST", "/db", { kind: "managed", name: "scratch" });
    expect([taken.status, taken.error?.code]).toEqual([409, "DATABASE_NAME_TAKEN"]);
    // The browser words the refusal itself, in the reader's language, with the name from here.
    expect(taken.error?.details).toEqual({ name: "scratch" });
    const renamed = await api(server, alice.accessToken, "PATCH", `/db/${db.id}`, { name: "renamed" });
    expect(databaseSchema.parse(renamed.data).name).toBe("renamed");
    const clash = await api(server, alice.accessToken, "PATCH", `/db/${db.id}`, { name: "default" });
    expect(clash.error?.code).toBe("DATABASE_NAME_TAKEN");
    expect((await api(server, alice.accessToken, "DELETE", `/db/${db.id}`)).data).toEqual({ id: db.id, deleted: true });
    expect((await api(server, alice.accessToken, "GET", `/db/${db.id}/schema`)).error?.code).toBe("DATABASE_NOT_FOUND");
    const bad = await api(server, alice.accessToken, "POST", "/db", { kind: "other", name: "x" });
    expect(bad.error?.code).toBe("SCHEMA_ERROR");
  });

  it("refuses an external PostgreSQL URL that does not connect, and never echoes its password", async () => {
    const refused = await api(server, alice.accessToken, "POST", "/db", {
      kind: "external",
      name: "nowhere",
      url: "postgres://u:hunter2@127.0.0.1:1/none",
    });
    expect([refused.status, refused.error?.code]).toEqual([400, "DATABASE_UNREACHABLE"]);
    expect(refused.error?.details?.reason).toBe("connect ECONNREFUSED 127.0.0.1:1");
    expect(refused.text).not.toContain("hunter2");
  });

  it.skipIf(postgresProblem)(
    `registers a connecting external URL and never returns its password ${NEEDS_POSTGRES_SERVER}`,
    async () => {
      // Trust authentication ignores the password, so the URL can carry one to look for in answers.
      const withPassword = new URL(TEST_POSTGRES_URL);
      withPassword.password = "not-in-any-answer-7c1f";
      const created = await api(server, alice.accessToken, "POST", "/db", {
        kind: "external",
        name: "ext",
        url: withPassword.toString(),
      });
      expect(created.status, created.text).toBe(201);
      expect(created.text).not.toContain("not-in-any-answer-7c1f");
      const list = await api(server, alice.accessToken, "GET", "/db");
      expect(list.text).not.toContain("not-in-any-answer-7c1f");
      const db = databaseSchema.parse(created.data);
      expect(db).toMatchObject({ kind: "external", engine: "postgres" });
      const stored = await server.store.query<{ encrypted_url: string }>(
        "SELECT encrypted_url FROM user_databases WHERE id = $1",
        [db.id],
      );
      expect(stored[0]?.encrypted_url).toMatch(/^v1\./);
      const ran = await api(server, alice.accessToken, "POST", `/db/${db.id}/execute`, { sql: "SELECT 1 AS one" });
      expect(executeResponseSchema.parse(ran.data).results[0]?.rows).toEqual([[1]]);
      await api(server, alice.accessToken, "DELETE", `/db/${db.id}`);
    },
  );
});

describe("schema and table data", () => {
  beforeAll(async () => {
    const setup = await exec(`
      CREATE SCHEMA IF NOT EXISTS "Odd Schema";
      CREATE TABLE "Odd Schema"."we""ird" (id bigint PRIMARY KEY, "na me" text, amount numeric, at timestamptz, tags text[], doc jsonb);
      INSERT INTO "Odd Schema"."we""ird" SELECT g, 'row ' || g || CASE WHEN g % 10 = 0 THEN ' 50%_off' ELSE '' END, g * 1.5,
        '2024-01-01T00:00:00Z'::timestamptz + g * interval '1 day', ARRAY['a','b'], jsonb_build_object('n', g)
        FROM generate_series(1, 120) g;
      CREATE INDEX weird_name_idx ON "Odd Schema"."we""ird" ("na me");
      CREATE VIEW public.task_titles AS SELECT title FROM public.example_tasks;
      ANALYZE;`);
    expect(setup.error).toBeNull();
  });

  it("describes schemas, tables, views, columns and indexes", async () => {
    const answer = await api(server, alice.accessToken, "GET", `/db/${dbId}/schema`);
    const tree = databaseSchemaResponseSchema.parse(answer.data);
    const odd = tree.schemas.find((s) => s.name === "Odd Schema");
    const weird = odd?.tables.find((t) => t.name === 'we"ird');
    expect(weird).toMatchObject({ kind: "table", estimatedRows: 120 });
    expect(weird?.columns[0]).toEqual({ name: "id", type: "bigint", nullable: false, default: null, primaryKey: true });
    expect(weird?.indexes.map((i) => [i.name, i.columns, i.primary])).toEqual(
      expect.arrayContaining([["weird_name_idx", ["na me"], false]]),
    );
    const pub = tree.schemas.find((s) => s.name === "public");
    expect(pub?.tables.find((t) => t.name === "task_titles")?.kind).toBe("view");
  });

  it("pages on primary-key order, with exact counts and typed values", async () => {
    const path = `/db/${dbId}/table/${encodeURIComponent('we"ird')}?schemaName=${encodeURIComponent("Odd Schema")}`;
    const first = tableDataSchema.parse((await api(server, alice.accessToken, "GET", `${path}&pageSize=50`)).data);
    expect(first).toMatchObject({ page: 1, pageSize: 50, hasMore: true, rowCount: 120, rowCountExact: true });
    expect(first.columns.map((c) => c.type)).toEqual([
      "bigint",
      "text",
      "numeric",
      "timestamp with time zone",
      "text[]",
      "jsonb",
    ]);
    expect(first.rows[0]).toEqual(["1", "row 1", "1.5", expect.stringMatching(/^2024-01-02/), "{a,b}", { n: 1 }]);
    const last = tableDataSchema.parse(
      (await api(server, alice.accessToken, "GET", `${path}&pageSize=50&page=3`)).data,
    );
    expect(last.rows.map((r) => r[0])).toEqual(Array.from({ length: 20 }, (_, i) => String(101 + i)));
    expect(last.hasMore).toBe(false);
    const desc = tableDataSchema.parse(
      (await api(server, alice.accessToken, "GET", `${path}&pageSize=10&page=2&sortColumn=id&sortDirection=desc`)).data,
    );
    expect(desc.rows.map((r) => r[0])).toEqual(Array.from({ length: 10 }, (_, i) => String(110 - i)));
    const beyond = tableDataSchema.parse((await api(server, alice.accessToken, "GET", `${path}&page=99`)).data);
    expect(beyond).toMatchObject({ rows: [], hasMore: false, rowCount: 120 });
  });

  it("marks the columns an insert must name: NOT NULL with no default, identity or generation", async () => {
    const made = await exec(`
      CREATE TABLE public.insert_needs (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, serial_no serial, title text NOT NULL,
        note text, status text NOT NULL DEFAULT 'new', doubled int GENERATED ALWAYS AS (id * 2) STORED);`);
    expect(made.error).toBeNull();
    const page = tableDataSchema.parse(
      (await api(server, alice.accessToken, "GET", `/db/${dbId}/table/insert_needs`)).data,
    );
    expect(page.columns.map((c) => [c.name, c.required])).toEqual([
      ["id", false],
      ["serial_no", false],
      ["title", true],
      ["note", false],
      ["status", false],
      ["doubled", false],
    ]);
    const view = tableDataSchema.parse(
      (await api(server, alice.accessToken, "GET", `/db/${dbId}/table/task_titles`)).data,
    );
    expect(view.columns.every((c) => !c.required)).toBe(true);
  });

  it("searches case-insensitively on the value as text, with % and _ matched literally", async () => {
    const path = `/db/${dbId}/table/${encodeURIComponent('we"ird')}?schemaName=${encodeURIComponent("Odd Schema")}`;
    const hits = tableDataSchema.parse(
      (
        await api(
          server,
          alice.accessToken,
          "GET",
          `${path}&searchColumn=${encodeURIComponent("na me")}&searchValue=${encodeURIComponent("50%_OFF")}`,
        )
      ).data,
    );
    expect(hits.rows.length).toBe(12);
    expect(hits).toMatchObject({ rowCount: 12, rowCountExact: true });
    const none = tableDataSchema.parse(
      (
        await api(
          server,
          alice.accessToken,
          "GET",
          `${path}&searchColumn=${encodeURIComponent("na me")}&searchValue=${encodeURIComponent("50__off")}`,
        )
      ).data,
    );
    expect(none.rows).toEqual([]);
    const numeric = tableDataSchema.parse(
      (await api(server, alice.accessToken, "GET", `${path}&searchColumn=amount&searchValue=7.5`)).data,
    );
    const expected = Array.from({ length: 120 }, (_, i) => i + 1).filter((g) => (g * 1.5).toFixed(1).includes("7.5"));
    expect(numeric.rows.map((r) => Number(r[0]))).toEqual(expected);
  });

  it("refuses injection attempts in every name and treats the search value as data", async () => {
    const table = `/db/${dbId}/table`;
    const attempts: Array<[string, number, string]> = [
      [`${table}/${encodeURIComponent("example_tasks; DROP TABLE example_tasks")}`, 404, "TABLE_NOT_FOUND"],
      [`${table}/${encodeURIComponent('example_tasks" --')}`, 404, "TABLE_NOT_FOUND"],
      [`${table}/example_tasks?schemaName=${encodeURIComponent("public; DROP TABLE x")}`, 404, "SCHEMA_NOT_FOUND"],
      [
        `${table}/example_tasks?searchColumn=${encodeURIComponent("title) OR 1=1 --")}&searchValue=x`,
        400,
        "COLUMN_NOT_FOUND",
      ],
      [
        `${table}/example_tasks?sortColumn=${encodeURIComponent("id; DELETE FROM example_tasks")}`,
        400,
        "COLUMN_NOT_FOUND",
      ],
      [`${table}/example_tasks?sortDirection=${encodeURIComponent("desc; DROP")}`, 400, "SCHEMA_ERROR"],
      [`${table}/example_tasks?pageSize=1001`, 400, "SCHEMA_ERROR"],
      [`${table}/example_tasks?page=0`, 400, "SCHEMA_ERROR"],
      [`${table}/example_tasks?unknown=1`, 400, "SCHEMA_ERROR"],
    ];
    for (const [path, status, code] of attempts) {
      const answer = await api(server, alice.accessToken, "GET", path);
      expect([path, answer.status, answer.error?.code]).toEqual([path, status, code]);
    }
    const search = await api(
      server,
      alice.accessToken,
      "GET",
      `${table}/example_tasks?searchColumn=title&searchValue=${encodeURIComponent("' OR '1'='1")}`,
    );
    expect(tableDataSchema.parse(search.data).rows).toEqual([]);
    const still = await api(server, alice.accessToken, "GET", `${table}/example_tasks`);
    expect(tableDataSchema.parse(still.data).rowCount).toBe(3);
  });
});

describe("execute", () => {
  it("answers one result per statement with columns, rows, command and counts", async () => {
    const out = await exec(
      "CREATE TABLE nums (n int); INSERT INTO nums SELECT generate_series(1, 5); SELECT n, n * 2 AS twice FROM nums ORDER BY n; -- done",
    );
    expect(out.error).toBeNull();
    expect(out.results.map((r) => [r.command, r.rowCount])).toEqual([
      ["CREATE", null],
      ["INSERT", 5],
      ["SELECT", 5],
    ]);
    expect(out.results[2]?.columns).toEqual([
      { name: "n", type: "integer" },
      { name: "twice", type: "integer" },
    ]);
    expect(out.results[2]?.rows[4]).toEqual([5, 10]);
    const strings = await exec("SELECT 'a;b' AS s, $$c;d$$ AS t");
    expect(strings.results).toHaveLength(1);
  });

  it("stops at the first error, with SQLSTATE and the position in the whole text", async () => {
    const sql = "SELECT 1;\nSELECT * FROM missing_table;\nSELECT 3";
    const out = await exec(sql);
    expect(out.results).toHaveLength(1);
    expect(out.error).toMatchObject({ sqlState: "42P01", statementIndex: 1 });
    expect(sql.slice((out.error?.position ?? 0) - 1).startsWith("missing_table")).toBe(true);
  });

  it("counts every row of a result read in several batches", async () => {
    const out = await exec(
      "CREATE TABLE many (n int); INSERT INTO many SELECT generate_series(1, 75) RETURNING n; SELECT n FROM many",
    );
    expect(out.error).toBeNull();
    expect(out.results.map((r) => [r.command, r.rowCount, r.rows.length, r.truncated])).toEqual([
      ["CREATE", null, 0, false],
      ["INSERT", 75, 75, false],
      ["SELECT", 75, 75, false],
    ]);
  });

  it("caps returned rows and flags truncation", async () => {
    const out = await exec("SELECT g FROM generate_series(1, 100000) g");
    expect(out.results[0]).toMatchObject({ truncated: true, rowCount: null });
    expect(out.results[0]?.rows).toHaveLength(100);
  });

  it("keeps the rows a statement sent before it failed, flagged as cut short, and names it in the error", async () => {
    // Fails at g = 60, after the first batch (50 rows) has been streamed to the caller.
    const out = await exec("SELECT 1; SELECT g, 1 / (60 - g) AS q FROM generate_series(1, 2000) g");
    expect(out.error).toMatchObject({ sqlState: "22012", statementIndex: 1 });
    expect(out.results).toHaveLength(2);
    expect(out.results[1]).toMatchObject({ truncated: true, rowCount: null });
    expect(out.results[1]?.columns.map((c) => c.name)).toEqual(["g", "q"]);
    expect(out.results[1]?.rows.length).toBe(50);
  });

  it("names the columns of a type created earlier in the same text", async () => {
    const out = await exec("CREATE TYPE mood AS ENUM ('calm', 'busy'); SELECT 'calm'::mood AS m, 1 AS n");
    expect(out.error).toBeNull();
    expect(out.results[1]?.columns).toEqual([
      { name: "m", type: "mood" },
      { name: "n", type: "integer" },
    ]);
    expect(out.results[1]?.rows).toEqual([["calm", 1]]);
  });

  it("runs a BEGIN ATOMIC function body as one statement", async () => {
    const out = await exec(
      "CREATE FUNCTION add_two(a int, b int) RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT a + b; END; SELECT add_two(2, 3) AS s",
    );
    expect(out.error).toBeNull();
    expect(out.results.map((r) => r.command)).toEqual(["CREATE", "SELECT"]);
    expect(out.results[1]?.rows).toEqual([[5]]);
  });

  it("read-only mode refuses writes", async () => {
    const out = await exec("INSERT INTO nums VALUES (99)", { readOnly: true });
    expect(out.readOnly).toBe(true);
    expect(out.error?.sqlState).toBe("25006");
  });

  it("rolls back a transaction the SQL leaves open", async () => {
    await exec("BEGIN; INSERT INTO nums VALUES (1000)");
    const out = await exec("SELECT count(*) FROM nums WHERE n = 1000");
    expect(out.results[0]?.rows).toEqual([["0"]]);
  });

  it("times out a long statement without blocking the server", async () => {
    const out = await exec("SELECT pg_sleep(20)");
    expect(out.error).toMatchObject({ sqlState: "57014", message: expect.stringContaining("timeout") });
    // While a statement runs (one without a limit, stopped below), the server answers others.
    const executionId = randomUUID();
    const run = await startOwnRun(`SET statement_timeout = 0; SELECT ${UNLIMITED_SLEEP}`, { executionId });
    let settled = false;
    void run.answer.then(() => {
      settled = true;
    });
    expect((await server.request("/healthz")).status).toBe(200);
    expect(settled).toBe(false);
    const cancelled = await api(server, alice.accessToken, "POST", `/db/${dbId}/cancel`, { executionId });
    expect(cancelled.data).toEqual({ executionId, cancelled: true });
    expect((await run.answer).error).toMatchObject({ sqlState: "57014" });
    expect((await exec("SELECT 1 AS alive")).results[0]?.rows).toEqual([[1]]);
  });

  it("honours the session's own statement_timeout, lower or off, as PostgreSQL does", async () => {
    // The server's limit here is 4 s: a 3 s sleep stays under it, so only the session's 1 s stops it.
    const lower = await exec("SET statement_timeout = '1s'; SELECT pg_sleep(3)");
    expect(lower.error).toMatchObject({
      sqlState: "57014",
      statementIndex: 1,
      message: expect.stringContaining("timeout"),
    });
    // 0 lifts the limit for the rest of the run: a 4.5 s sleep outlasts the server's 4 s.
    const off = await exec("SET statement_timeout = 0; SELECT pg_sleep(4.5) AS slept");
    expect(off.error).toBeNull();
    // The next run starts from the server's limit again.
    expect((await exec("SHOW statement_timeout")).results[0]?.rows).toEqual([["4s"]]);
  });

  it("cancels a running statement from a second request", async () => {
    const executionId = randomUUID();
    const run = await startOwnRun(`SET statement_timeout = 0; SELECT ${UNLIMITED_SLEEP}`, { executionId });
    const cancelled = await api(server, alice.accessToken, "POST", `/db/${dbId}/cancel`, { executionId });
    expect(cancelled.data).toEqual({ executionId, cancelled: true });
    expect((await run.answer).error).toMatchObject({
      sqlState: "57014",
      message: expect.stringContaining("user request"),
    });
    const gone = await api(server, alice.accessToken, "POST", `/db/${dbId}/cancel`, { executionId });
    expect([gone.status, gone.error?.code]).toEqual([404, "EXECUTION_NOT_FOUND"]);
    expect((await exec("SELECT 2 AS alive")).results[0]?.rows).toEqual([[2]]);
  });

  it("stops the statement when the caller goes away", async () => {
    const gone = new AbortController();
    // No limit of its own: only the caller going away can stop it within the test's time.
    const run = await startOwnRun(`SET statement_timeout = 0; SELECT ${UNLIMITED_SLEEP}`, { signal: gone.signal });
    gone.abort();
    await expect(run.answer).rejects.toThrow();
    if (server.env.DATABASE_URL) {
      // On PostgreSQL the sleeping backend would still be listed.
      await vi.waitFor(
        async () => {
          const rows = await server.store.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE query LIKE '%${UNLIMITED_SLEEP}%' AND state = 'active' AND pid <> pg_backend_pid()`,
          );
          expect(rows[0]?.n).toBe(0);
        },
        { timeout: 20_000, interval: 100 },
      );
    }
    // On PGlite the next statement would wait for the only backend, still sleeping.
    expect((await exec("SELECT 3 AS alive")).results[0]?.rows).toEqual([[3]]);
  });

  it("refuses bad bodies", async () => {
    const path = `/db/${dbId}/execute`;
    expect((await api(server, alice.accessToken, "POST", path, {})).error?.code).toBe("SCHEMA_ERROR");
    expect((await api(server, alice.accessToken, "POST", path, { sql: "" })).error?.code).toBe("SCHEMA_ERROR");
    expect((await api(server, alice.accessToken, "POST", path, "nope")).error?.code).toBe("BODY_PARSING_ERROR");
    const big = await api(server, alice.accessToken, "POST", path, { sql: `SELECT '${"x".repeat(600 * 1024)}'` });
    expect([big.status, big.error?.code]).toEqual([413, "SQL_TOO_LARGE"]);
  });
});
