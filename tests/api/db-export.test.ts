import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExecuteResponse, executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Streamed exports of whole tables and whole query results as CSV, JSON and SQL.
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let dbId: string;
const BIG = 120_000;
/** Narrow rows, then 401 of 20,000 characters, then narrow again: the read size follows the width. */
const WIDE_CASE = "CASE WHEN g BETWEEN 400 AND 800 THEN 20000 ELSE 5 END";
const wideLength = (id: number) => (id >= 400 && id <= 800 ? 20_000 : 5);

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  const created = await api<{ id: string }>(server, alice.accessToken, "POST", "/db", { kind: "managed", name: "e" });
  expect(created.status, created.text).toBe(201);
  dbId = created.data.id;
  await sql(`CREATE TABLE awkward (
               id int PRIMARY KEY, label text, amount numeric, big bigint, flag boolean, at timestamptz,
               doc jsonb, list int[], bin bytea, ratio float8
             );
             INSERT INTO awkward VALUES
               (1, 'plain', 1.10, 9007199254740993, true, '2024-05-01 12:00:00+00', '{"k": [1, "two"]}', '{1,2}', '\\x00ff', 0.5),
               (2, '', 0, -1, false, NULL, 'null', '{}', '\\x', 'NaN'),
               (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
               (4, 'comma, "quote" and
newline', -2.5, 0, true, '1999-12-31 23:59:59.123456+00', '"text"', '{-1}', '\\x5c', '-Infinity'),
               (5, 'Grüße 東京 🎉 back\\slash ''single''', 3, 3, false, NULL, '{}', NULL, NULL, 1e300);
             CREATE TABLE "Ünï ""table""" (id int PRIMARY KEY);
             INSERT INTO "Ünï ""table""" VALUES (1);
             CREATE TABLE big (id int PRIMARY KEY, payload text);
             INSERT INTO big SELECT g, repeat('x', 40) || g FROM generate_series(1, ${BIG}) g;
             CREATE TABLE wide (id int PRIMARY KEY, payload text);
             INSERT INTO wide SELECT g, repeat(chr(97 + g % 26), ${WIDE_CASE}) FROM generate_series(1, 1500) g;`);
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

async function sql(text: string): Promise<ExecuteResponse> {
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, { sql: text });
  expect(answer.status, answer.text).toBe(200);
  const result = executeResponseSchema.parse(answer.data);
  expect(result.error).toBeNull();
  return result;
}

const tableExport = (table: string, query: string, token = alice.accessToken) =>
  api(server, token, "GET", `/db/${dbId}/export/table/${encodeURIComponent(table)}?${query}`);
const queryExport = (body: unknown, token = alice.accessToken) =>
  api(server, token, "POST", `/db/${dbId}/export/query`, body);

describe("table export", () => {
  it("writes CSV that keeps NULL apart from empty text, and every awkward value whole", async () => {
    const answer = await tableExport("awkward", "format=csv");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="awkward.csv"; filename*=UTF-8''awkward.csv`,
    );
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const rows = parse(answer.text, { cast: (value, context) => (value === "" && !context.quoting ? null : value) });
    expect(rows[0]).toEqual(["id", "label", "amount", "big", "flag", "at", "doc", "list", "bin", "ratio"]);
    expect(rows.slice(1)).toEqual([
      [
        "1",
        "plain",
        "1.10",
        "9007199254740993",
        "t",
        "2024-05-01 12:00:00+00",
        '{"k": [1, "two"]}',
        "{1,2}",
        "\\x00ff",
        "0.5",
      ],
      ["2", "", "0", "-1", "f", null, "null", "{}", "\\x", "NaN"],
      ["3", null, null, null, null, null, null, null, null, null],
      [
        "4",
        'comma, "quote" and\nnewline',
        "-2.5",
        "0",
        "t",
        "1999-12-31 23:59:59.123456+00",
        '"text"',
        "{-1}",
        "\\x5c",
        "-Infinity",
      ],
      ["5", "Grüße 東京 🎉 back\\slash 'single'", "3", "3", "f", null, "{}", null, null, "1e+300"],
    ]);
  });

  it("writes JSON with numbers, booleans and JSON values typed, big numbers as text", async () => {
    const answer = await tableExport("awkward", "format=json&sortColumn=id&sortDirection=desc");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const rows = JSON.parse(answer.text) as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
    expect(rows[4]).toEqual({
      id: 1,
      label: "plain",
      amount: "1.10",
      big: "9007199254740993",
      flag: true,
      at: "2024-05-01 12:00:00+00",
      doc: { k: [1, "two"] },
      list: "{1,2}",
      bin: "\\x00ff",
      ratio: 0.5,
    });
    expect(rows[3]).toMatchObject({ label: "", doc: null, ratio: "NaN" });
    expect(rows[2]).toMatchObject({ label: null, doc: null, flag: null });
  });

  it("writes SQL INSERTs that load back into the same rows", async () => {
    const answer = await tableExport("awkward", "format=sql");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("content-disposition")).toContain('filename="awkward.sql"');
    expect(answer.text.split("\n")[0]).toBe(
      `INSERT INTO "public"."awkward" ("id", "label", "amount", "big", "flag", "at", "doc", "list", "bin", "ratio") VALUES (1, 'plain', 1.10, 9007199254740993, TRUE, '2024-05-01 12:00:00+00', '{"k": [1, "two"]}', '{1,2}', E'\\\\x00ff', 0.5);`,
    );
    await sql("CREATE TABLE awkward_copy AS SELECT * FROM awkward; TRUNCATE awkward;");
    await sql(answer.text);
    const diff = await sql(
      "SELECT count(*)::int AS n FROM ((TABLE awkward EXCEPT TABLE awkward_copy) UNION ALL (TABLE awkward_copy EXCEPT TABLE awkward)) d",
    );
    expect(diff.results[0]?.rows).toEqual([[0]]);
    expect((await sql("SELECT count(*)::int FROM awkward")).results[0]?.rows).toEqual([[5]]);
  });

  it("names the file after the table in any script, and refuses what does not exist or is not the caller's", async () => {
    const answer = await tableExport('Ünï "table"', "format=csv");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="_n___table_.csv"; filename*=UTF-8''%C3%9Cn%C3%AF%20%22table%22.csv`,
    );
    expect(answer.text).toBe("id\n1\n");
    const missing = await tableExport("nope", "format=csv");
    expect([missing.status, missing.error?.code]).toEqual([404, "TABLE_NOT_FOUND"]);
    const sort = await tableExport("awkward", "sortColumn=nope");
    expect([sort.status, sort.error?.code]).toEqual([400, "COLUMN_NOT_FOUND"]);
    const format = await tableExport("awkward", "format=xlsx");
    expect([format.status, format.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const other = await tableExport("awkward", "format=csv", bob.accessToken);
    expect([other.status, other.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
  });

  it("streams a large table whole, and a reader who goes away frees the database", async () => {
    const answer = await tableExport("big", "format=csv");
    expect(answer.status).toBe(200);
    const lines = answer.text.trimEnd().split("\n");
    expect(lines).toHaveLength(BIG + 1);
    expect(lines[BIG]).toBe(`${BIG},${"x".repeat(40)}${BIG}`);

    const controller = new AbortController();
    const response = await server.request(`/api/v1/db/${dbId}/export/table/big?format=json`, {
      headers: { authorization: `Bearer ${alice.accessToken}` },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(first?.done).toBe(false);
    controller.abort();
    await reader?.cancel().catch(() => undefined);
    // PGlite has one session: a cursor left open would keep every later request waiting.
    expect((await sql("SELECT 1")).results[0]?.rows).toEqual([[1]]);
  });

  it("exports rows whose width changes midway whole and in order, in every format", async () => {
    const csv = await tableExport("wide", "format=csv");
    expect(csv.status, csv.text.slice(0, 200)).toBe(200);
    const lines = csv.text.trimEnd().split("\n");
    expect(lines).toHaveLength(1501);
    lines.slice(1).forEach((line, index) => {
      const id = index + 1;
      expect(line).toBe(`${id},${String.fromCharCode(97 + (id % 26)).repeat(wideLength(id))}`);
    });
    const json = JSON.parse((await tableExport("wide", "format=json")).text) as Array<{ id: number; payload: string }>;
    expect(json.map((row) => [row.id, row.payload.length])).toEqual(
      Array.from({ length: 1500 }, (_, index) => [index + 1, wideLength(index + 1)]),
    );
    const sqlText = (await tableExport("wide", "format=sql")).text;
    expect(sqlText.match(/^INSERT INTO "public"."wide" \("id", "payload"\) VALUES \(\d+, '[a-z]+'\);$/gm)).toHaveLength(
      1500,
    );
  });
});

describe("query export", () => {
  it("exports the whole result of one statement, beyond the grid's row limit", async () => {
    const answer = await queryExport({
      sql: "SELECT id, payload FROM big WHERE id % 2 = 0 ORDER BY id;  ",
      format: "csv",
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("content-disposition")).toContain('filename="query-result.csv"');
    const lines = answer.text.trimEnd().split("\n");
    expect(lines).toHaveLength(BIG / 2 + 1);
    const json = await queryExport({ sql: "SELECT 1 AS a, 'x' AS a, NULL::int AS b", format: "json" });
    expect(JSON.parse(json.text)).toEqual([{ a: 1, a_2: "x", b: null }]);
    const inserts = await queryExport({ sql: "SELECT 1 AS n, 'it''s' AS s", format: "sql" });
    expect(inserts.text).toBe(`INSERT INTO "query_result" ("n", "s") VALUES (1, 'it''s');\n`);
    const empty = await queryExport({ sql: "SELECT 1 AS n WHERE false", format: "json" });
    expect(empty.text).toBe("[]\n");
  });

  it("runs read-only: a statement that writes is refused and writes nothing", async () => {
    for (const text of [
      "INSERT INTO big VALUES (-1, 'x') RETURNING id",
      "DELETE FROM big RETURNING id",
      "CREATE TABLE sneaky AS SELECT 1",
    ]) {
      const answer = await queryExport({ sql: text, format: "csv" });
      expect([text, answer.status, answer.error?.code]).toEqual([text, 400, "DATABASE_QUERY_FAILED"]);
    }
    expect((await sql("SELECT count(*)::int FROM big")).results[0]?.rows).toEqual([[BIG]]);
    expect((await sql("SELECT to_regclass('sneaky') IS NULL")).results[0]?.rows).toEqual([[true]]);
  });

  it("refuses several statements, statements without rows, and broken SQL with their codes", async () => {
    const two = await queryExport({ sql: "SELECT 1; SELECT 2", format: "csv" });
    expect([two.status, two.error?.code]).toEqual([400, "EXPORT_NEEDS_ONE_STATEMENT"]);
    const none = await queryExport({ sql: "  -- nothing\n", format: "csv" });
    expect([none.status, none.error?.code]).toEqual([400, "EXPORT_NEEDS_ONE_STATEMENT"]);
    const set = await queryExport({ sql: "SET search_path = public", format: "csv" });
    expect([set.status, set.error?.code]).toEqual([400, "EXPORT_NO_ROWS"]);
    const broken = await queryExport({ sql: "SELEC 1", format: "csv" });
    expect([broken.status, broken.error?.code]).toEqual([400, "DATABASE_QUERY_FAILED"]);
    expect(broken.error?.message).toContain("syntax error");
    const shape = await queryExport({ sql: "SELECT 1", format: "csv", extra: 1 });
    expect([shape.status, shape.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const other = await queryExport({ sql: "SELECT 1", format: "csv" }, bob.accessToken);
    expect([other.status, other.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
    expect((await sql("SELECT 2")).results[0]?.rows).toEqual([[2]]);
  });

  it("breaks the download instead of ending it short when the statement fails midway", async () => {
    const response = await server.request(`/api/v1/db/${dbId}/export/query`, {
      method: "POST",
      headers: { authorization: `Bearer ${alice.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ sql: "SELECT 1 / (id - 100000) FROM big ORDER BY id", format: "csv" }),
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect((await sql("SELECT 3")).results[0]?.rows).toEqual([[3]]);
  });
});
