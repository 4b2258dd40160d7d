import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXACT_COUNT_LIMIT, tableDataSchema, verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Row counts of table pages: exact while cheap, else an estimate ('≈' in the browser) that never
// makes the page wait for a count of the whole table.
let server: TestServer;
let alice: TestUser;
let dbId: string;
const ROWS = EXACT_COUNT_LIMIT + 10_000;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  expect(verified.status, verified.text).toBe(200);
  dbId = verifyResultSchema.parse(verified.data).databaseId;
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, {
    sql: `CREATE TABLE analyzed (id int PRIMARY KEY, label text);
          INSERT INTO analyzed SELECT g, 'label ' || g FROM generate_series(1, ${ROWS}) g;
          ANALYZE analyzed;
          CREATE TABLE fresh (id int PRIMARY KEY);
          INSERT INTO fresh SELECT g FROM generate_series(1, ${ROWS}) g;
          CREATE TABLE small (id int PRIMARY KEY);
          INSERT INTO small SELECT g FROM generate_series(1, 120) g;`,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(executeResponseSchema.parse(answer.data).error).toBeNull();
  // The first PGlite database runs initdb, which takes a minute on a busy machine.
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

const page = async (table: string, query = "") => {
  const answer = await api(server, alice.accessToken, "GET", `/db/${dbId}/table/${table}?pageSize=50${query}`);
  expect(answer.status, answer.text).toBe(200);
  return tableDataSchema.parse(answer.data);
};

describe("table page row counts", () => {
  it("is exact for a small table, and on its last page without counting", async () => {
    expect(await page("small")).toMatchObject({ rowCount: 120, rowCountExact: true, hasMore: true });
    expect(await page("small", "&page=3")).toMatchObject({ rowCount: 120, rowCountExact: true, hasMore: false });
  });

  it("is the planner's estimate for a large analyzed table, also when searching", async () => {
    const first = await page("analyzed");
    expect(first.rows).toHaveLength(50);
    expect(first.rowCountExact).toBe(false);
    // reltuples after ANALYZE: close to the real count, not a count of the table.
    expect(first.rowCount).toBeGreaterThan(ROWS * 0.9);
    expect(first.rowCount).toBeLessThan(ROWS * 1.1);
    const searched = await page("analyzed", "&searchColumn=label&searchValue=label%201");
    expect(searched.rowCountExact).toBe(false);
    expect(searched.rowCount).toBeGreaterThan(0);
    expect(searched.rows[0]?.[1]).toBe("label 1");
  });

  it("stops counting past the limit when the table has no statistics yet", async () => {
    const first = await page("fresh");
    expect(first.rowCountExact).toBe(false);
    expect(first.rowCount).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(first.rowCount).toBeLessThan(ROWS * 1.1);
    // The last page knows the real count from its own rows.
    const last = await page("fresh", `&page=${ROWS / 50}`);
    expect(last).toMatchObject({ rowCount: ROWS, rowCountExact: true, hasMore: false });
  });
});
