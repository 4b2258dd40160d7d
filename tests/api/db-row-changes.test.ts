import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyResultSchema } from "../../server/contract/databases.ts";
import { rowChangesResponseSchema } from "../../server/contract/row-changes.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let dbId: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  expect(verified.status, verified.text).toBe(200);
  dbId = verifyResultSchema.parse(verified.data).databaseId;
  await exec(
    `CREATE TABLE people (id int PRIMARY KEY, name text NOT NULL, tags jsonb);
     CREATE TABLE pairs (a int, b int, note text, PRIMARY KEY (a, b));
     CREATE TABLE loose (x int);
     INSERT INTO people VALUES (1, 'Ada', null), (2, 'Bob', null);
     INSERT INTO pairs VALUES (1, 1, 'one'), (1, 2, 'two');`,
  );
  // The first PGlite database runs initdb, which takes a minute on a busy machine.
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

async function exec(sql: string) {
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, { sql });
  expect(answer.status, answer.text).toBe(200);
  const parsed = executeResponseSchema.parse(answer.data);
  expect(parsed.error, JSON.stringify(parsed.error)).toBeNull();
  return parsed;
}

const rows = async (sql: string) => (await exec(sql)).results.at(-1)?.rows ?? [];
const change = (body: unknown, user: TestUser = alice) =>
  api(server, user.accessToken, "POST", `/db/${dbId}/rows`, body);

describe("POST /db/{dbId}/rows", () => {
  it("applies an edit, an insert and a delete in one transaction and returns the rows", async () => {
    const answer = await change({
      tableName: "people",
      changes: [
        { op: "update", key: { id: 1 }, values: { name: "Ada L.", tags: { role: "admin" } } },
        { op: "insert", values: { id: 3, name: "Cy'; DROP TABLE people; --" } },
        { op: "delete", key: { id: 2 } },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    const { applied } = rowChangesResponseSchema.parse(answer.data);
    expect(applied.map((a) => a.op)).toEqual(["update", "insert", "delete"]);
    expect(applied[0]?.row).toEqual({ id: 1, name: "Ada L.", tags: { role: "admin" } });
    expect(applied[2]?.row).toMatchObject({ id: 2, name: "Bob" });
    // Values are parameters: the quote in the name is stored as typed, the table still exists.
    expect(await rows("SELECT id, name FROM people ORDER BY id")).toEqual([
      [1, "Ada L."],
      [3, "Cy'; DROP TABLE people; --"],
    ]);
  });

  it("addresses rows by a composite primary key", async () => {
    const answer = await change({
      tableName: "pairs",
      changes: [{ op: "update", key: { a: 1, b: 2 }, values: { note: "zwei" } }],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(await rows("SELECT a, b, note FROM pairs ORDER BY a, b")).toEqual([
      [1, 1, "one"],
      [1, 2, "zwei"],
    ]);
  });

  it("rolls every change back when one fails in the database", async () => {
    const answer = await change({
      tableName: "people",
      changes: [
        { op: "update", key: { id: 1 }, values: { name: "changed" } },
        { op: "insert", values: { id: 3, name: "duplicate key" } },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe("DATABASE_QUERY_FAILED");
    expect(answer.text).toContain("23505");
    expect(answer.error?.details?.reason).toMatch(/^duplicate key value violates unique constraint/);
    expect(await rows("SELECT name FROM people WHERE id = 1")).toEqual([["Ada L."]]);
  });

  it("rolls back when a key matches no row", async () => {
    const answer = await change({
      tableName: "people",
      changes: [
        { op: "delete", key: { id: 3 } },
        { op: "update", key: { id: 404 }, values: { name: "nobody" } },
      ],
    });
    expect(answer.status).toBe(409);
    expect(answer.error?.code).toBe("ROW_NOT_FOUND");
    expect(await rows("SELECT count(*)::int FROM people")).toEqual([[2]]);
  });

  it("refuses keys that are not exactly the primary key, unknown columns and tables without a key", async () => {
    const partialKey = await change({ tableName: "pairs", changes: [{ op: "delete", key: { a: 1 } }] });
    expect([partialKey.status, partialKey.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const nonKey = await change({ tableName: "people", changes: [{ op: "delete", key: { name: "Ada L." } }] });
    expect([nonKey.status, nonKey.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const unknownColumn = await change({
      tableName: "people",
      changes: [{ op: "insert", values: { id: 9, 'x"y': 1 } }],
    });
    expect([unknownColumn.status, unknownColumn.error?.code]).toEqual([400, "COLUMN_NOT_FOUND"]);
    const noKey = await change({ tableName: "loose", changes: [{ op: "insert", values: { x: 1 } }] });
    expect([noKey.status, noKey.error?.code]).toEqual([400, "TABLE_HAS_NO_PRIMARY_KEY"]);
    const noTable = await change({ tableName: "missing", changes: [{ op: "insert", values: {} }] });
    expect([noTable.status, noTable.error?.code]).toEqual([404, "TABLE_NOT_FOUND"]);
    const badBody = await change({ tableName: "people", changes: [] });
    expect([badBody.status, badBody.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    expect(await rows("SELECT count(*)::int FROM people")).toEqual([[2]]);
  });

  it("answers 404 for another user's database and changes nothing", async () => {
    const answer = await change({ tableName: "people", changes: [{ op: "delete", key: { id: 1 } }] }, bob);
    expect([answer.status, answer.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
    expect(await rows("SELECT count(*)::int FROM people WHERE id = 1")).toEqual([[1]]);
  });
});
