import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TableData, tableDataSchema, verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Next and previous page seek by primary key (a cursor from the page at hand); the rows are the
// same ones offsets would give, in both directions, with composite keys, text keys, a filter.
let server: TestServer;
let alice: TestUser;
let dbId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  expect(verified.status, verified.text).toBe(200);
  dbId = verifyResultSchema.parse(verified.data).databaseId;
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, {
    sql: `CREATE TABLE num (id bigint PRIMARY KEY, label text);
          INSERT INTO num SELECT g * 3, 'n' || g FROM generate_series(1, 95) g;
          CREATE TABLE pair (a int, b text, PRIMARY KEY (a, b));
          INSERT INTO pair SELECT g % 4, 'b' || lpad(g::text, 3, '0') FROM generate_series(1, 30) g;
          CREATE TABLE stamped (at timestamptz PRIMARY KEY, n int);
          INSERT INTO stamped SELECT timestamptz '2024-01-01' + g * interval '1.000001 second', g FROM generate_series(1, 25) g;
          CREATE TABLE nokey (n int);
          INSERT INTO nokey SELECT generate_series(1, 30);
          CREATE TABLE tied (id int PRIMARY KEY, grp int, label text);
          INSERT INTO tied SELECT g, CASE WHEN g % 7 = 0 THEN NULL ELSE g % 3 END, CASE WHEN g % 5 = 0 THEN NULL ELSE 'l' || (g % 4) END
            FROM generate_series(1, 53) g;
          CREATE TABLE shrunk (id int PRIMARY KEY);
          INSERT INTO shrunk SELECT generate_series(1, 60000);
          ANALYZE shrunk;
          DELETE FROM shrunk WHERE id > 130;`,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(executeResponseSchema.parse(answer.data).error).toBeNull();
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

async function page(table: string, query: Record<string, string | number | string[] | undefined>): Promise<TableData> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    search.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const answer = await api(server, alice.accessToken, "GET", `/db/${dbId}/table/${table}?${search}`);
  expect(answer.status, answer.text).toBe(200);
  return tableDataSchema.parse(answer.data);
}

/** Walks forward with `after` to the end, then back with `before`; each page must equal the offset page. */
async function walk(table: string, base: Record<string, string | number | undefined>, pageSize: number) {
  const byOffset: unknown[][][] = [];
  for (let n = 1; ; n++) {
    const answer = await page(table, { ...base, pageSize, page: n });
    byOffset.push(answer.rows);
    if (!answer.hasMore) break;
  }
  let current = await page(table, { ...base, pageSize });
  expect(current.hasPrevious).toBe(false);
  const forward = [current.rows];
  while (current.hasMore) {
    const n: number = forward.length + 1;
    current = await page(table, { ...base, pageSize, page: n, after: current.cursor?.last });
    expect(current.hasPrevious).toBe(true);
    forward.push(current.rows);
  }
  expect(forward).toEqual(byOffset);
  const backward = [current.rows];
  while (current.hasPrevious) {
    const n: number = forward.length - backward.length;
    current = await page(table, { ...base, pageSize, page: n, before: current.cursor?.first });
    backward.unshift(current.rows);
  }
  expect(backward).toEqual(byOffset);
}

describe("keyset paging", () => {
  it("walks a bigint key forwards and backwards, ascending and descending, with the same rows as offsets", async () => {
    await walk("num", {}, 20);
    await walk("num", { sortColumn: "id", sortDirection: "desc" }, 20);
    const first = await page("num", { pageSize: 10 });
    expect(first.cursor).toEqual({ first: ["3"], last: ["30"] });
    expect(first.columns.map((c) => c.name)).toEqual(["id", "label"]);
    expect(first.rows[0]).toEqual(["3", "n1"]);
  });

  it("walks a composite key, a timestamp key with microseconds, and a filtered table", async () => {
    await walk("pair", {}, 7);
    await walk("stamped", {}, 6);
    await walk("num", { filter: JSON.stringify([{ column: "label", op: "contains", value: "1" }]) }, 4);
    await walk("num", { searchColumn: "label", searchValue: "2" }, 3);
  });

  it("pages by offset where the order is not the key's, and ignores a cursor that no longer fits", async () => {
    const sorted = await page("num", { pageSize: 10, sortColumn: "label" });
    expect(sorted.cursor).toBeNull();
    const stale = await page("num", { pageSize: 10, sortColumn: "label", page: 2, after: ["30"] });
    const offset = await page("num", { pageSize: 10, sortColumn: "label", page: 2 });
    expect(stale.rows).toEqual(offset.rows);
    const noKey = await page("nokey", { pageSize: 10, page: 2, after: ["5"] });
    expect(noKey.cursor).toBeNull();
    expect(noKey.rows[0]).toEqual([11]);
  });

  it("refuses a cursor that is not a JSON array of key values", async () => {
    for (const bad of ["nope", "[]", '[{"a":1}]', "[1]"]) {
      const answer = await api(
        server,
        alice.accessToken,
        "GET",
        `/db/${dbId}/table/num?after=${encodeURIComponent(bad)}`,
      );
      expect(answer.status, bad).toBe(400);
    }
  });
});

/** The last page of an offset walk: its number and rows. */
async function lastByOffset(table: string, base: Record<string, string | number | undefined>, pageSize: number) {
  for (let n = 1; ; n++) {
    const answer = await page(table, { ...base, pageSize, page: n });
    if (!answer.hasMore) return { number: n, rows: answer.rows };
  }
}

describe("the last page", () => {
  const cases: Array<[string, Record<string, string | number | undefined>, number]> = [
    ["num", {}, 20],
    ["num", { sortColumn: "id", sortDirection: "desc" }, 20],
    ["pair", {}, 7],
    ["pair", { sortColumn: "b", sortDirection: "desc" }, 4],
    ["tied", { sortColumn: "grp" }, 10],
    ["tied", { sortColumn: "grp", sortDirection: "desc" }, 10],
    ["tied", { sortColumn: "label" }, 6],
    ["tied", { sortColumn: "label", sortDirection: "desc" }, 53],
    ["num", { filter: JSON.stringify([{ column: "label", op: "contains", value: "1" }]) }, 4],
    ["tied", { sortColumn: "grp", searchColumn: "label", searchValue: "l1" }, 3],
    ["nokey", {}, 7],
  ];

  it("holds the rows an offset walk ends with: ties and NULLs in the sort column, composite keys, filters", async () => {
    for (const [table, base, pageSize] of cases) {
      const expected = await lastByOffset(table, base, pageSize);
      const last = await page(table, { ...base, pageSize, last: "true" });
      const label = `${table} ${JSON.stringify(base)} by ${pageSize}`;
      expect(last.rows, label).toEqual(expected.rows);
      expect(last.page, label).toBe(expected.number);
      expect(last.hasMore, label).toBe(false);
      expect(last.hasPrevious, label).toBe(expected.number > 1);
      expect(last.rowCountExact, label).toBe(true);
    }
  });

  it("reads the end backwards, and Previous from there walks the same pages back", async () => {
    const last = await page("num", { pageSize: 20, last: "true" });
    expect(last.rows.at(-1)).toEqual(["285", "n95"]);
    expect(last.rows).toHaveLength(15);
    expect(last.rowCount).toBe(95);
    const previous = await page("num", { pageSize: 20, page: last.page - 1, before: last.cursor?.first });
    expect(previous.rows).toEqual((await page("num", { pageSize: 20, page: 4 })).rows);
    const empty = await page("num", { pageSize: 20, last: "true", searchColumn: "label", searchValue: "nothing" });
    expect(empty).toMatchObject({ rows: [], page: 1, hasMore: false, hasPrevious: false, rowCount: 0 });
  });

  it("does not depend on the estimated row count", async () => {
    // 60,000 rows analyzed, 130 left: the planner still believes 60,000.
    const last = await page("shrunk", { pageSize: 10, last: "true" });
    expect(last.rows).toEqual([121, 122, 123, 124, 125, 126, 127, 128, 129, 130].map((n) => [n]));
    expect(last.hasPrevious).toBe(true);
    expect(last.hasMore).toBe(false);
    const previous = await page("shrunk", { pageSize: 10, page: 2, before: last.cursor?.first });
    expect(previous.rows[0]).toEqual([111]);
  });

  it("refuses a last that is not true or false", async () => {
    const answer = await api(server, alice.accessToken, "GET", `/db/${dbId}/table/num?last=yes`);
    expect(answer.status).toBe(400);
  });
});
