import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CELL_TEXT_LIMIT,
  tableCellSchema,
  tableDataSchema,
  verifyResultSchema,
} from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let dbId: string;
const long = CELL_TEXT_LIMIT + 500;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  expect(verified.status, verified.text).toBe(200);
  dbId = verifyResultSchema.parse(verified.data).databaseId;
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, {
    sql: `CREATE TABLE "Docs" ("the id" int, kind text, body text, meta jsonb, small jsonb, n int, PRIMARY KEY ("the id", kind));
          INSERT INTO "Docs" VALUES
            (1, 'a', repeat('x', ${long}), ('{"k": "' || repeat('y', ${long}) || '"}')::jsonb, '{"a": [1, 2]}', 7),
            (2, 'b', 'short', null, null, 8);
          CREATE TABLE loose (body text);
          INSERT INTO loose VALUES (repeat('z', ${long}));`,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(executeResponseSchema.parse(answer.data).error).toBeNull();
  // The first PGlite database runs initdb, which takes a minute on a busy machine.
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

const cell = (table: string, params: Record<string, string>, user: TestUser = alice) =>
  api(
    server,
    user.accessToken,
    "GET",
    `/db/${dbId}/table/${encodeURIComponent(table)}/cell?${new URLSearchParams(params)}`,
  );

describe("long values in table pages", () => {
  it("cuts text and JSON past CELL_TEXT_LIMIT characters and says which cells", async () => {
    const answer = await api(server, alice.accessToken, "GET", `/db/${dbId}/table/Docs?sortColumn=n`);
    expect(answer.status, answer.text).toBe(200);
    const page = tableDataSchema.parse(answer.data);
    expect(page.cutCells).toEqual([
      [0, 2],
      [0, 3],
    ]);
    const [first, second] = page.rows;
    expect(first?.[2]).toBe("x".repeat(CELL_TEXT_LIMIT));
    expect(String(first?.[3]).length).toBe(CELL_TEXT_LIMIT);
    // Whole JSON still arrives parsed, other types as before.
    expect(first?.[4]).toEqual({ a: [1, 2] });
    expect(first?.[5]).toBe(7);
    expect(second?.slice(2)).toEqual(["short", null, null, 8]);
  });

  it("sorting a cut column still sorts by the column", async () => {
    const answer = await api(
      server,
      alice.accessToken,
      "GET",
      `/db/${dbId}/table/Docs?sortColumn=body&sortDirection=desc`,
    );
    const page = tableDataSchema.parse(answer.data);
    expect(page.rows.map((row) => row[0])).toEqual([1, 2]);
  });
});

describe("GET /db/{dbId}/table/{tableName}/cell", () => {
  it("answers the whole value by a composite primary key with quoted names", async () => {
    const body = await cell("Docs", { column: "body", key: JSON.stringify({ "the id": 1, kind: "a" }) });
    expect(body.status, body.text).toBe(200);
    expect(tableCellSchema.parse(body.data).value).toBe("x".repeat(long));
    const meta = await cell("Docs", { column: "meta", key: JSON.stringify({ "the id": 1, kind: "a" }) });
    expect(tableCellSchema.parse(meta.data).value).toEqual({ k: "y".repeat(long) });
  });

  it("takes key values as parameters, not SQL", async () => {
    const answer = await cell("Docs", { column: "body", key: JSON.stringify({ "the id": 1, kind: "a' OR '1'='1" }) });
    expect(answer.status).toBe(409);
    expect(answer.error?.code).toBe("ROW_NOT_FOUND");
  });

  it("refuses unknown columns, partial keys, bad JSON and tables without a primary key", async () => {
    const unknown = await cell("Docs", { column: "nope", key: JSON.stringify({ "the id": 1, kind: "a" }) });
    expect(unknown.error?.code).toBe("COLUMN_NOT_FOUND");
    const partial = await cell("Docs", { column: "body", key: JSON.stringify({ "the id": 1 }) });
    expect(partial.error?.code).toBe("SCHEMA_ERROR");
    const badJson = await cell("Docs", { column: "body", key: "{" });
    expect(badJson.status).toBe(400);
    expect(badJson.error?.code).toBe("SCHEMA_ERROR");
    const loose = await cell("loose", { column: "body", key: JSON.stringify({ body: "z" }) });
    expect(loose.error?.code).toBe("TABLE_HAS_NO_PRIMARY_KEY");
  });

  it("is scoped to the database's owner", async () => {
    const answer = await cell("Docs", { column: "body", key: JSON.stringify({ "the id": 1, kind: "a" }) }, bob);
    expect(answer.status).toBe(404);
    expect(answer.data).toBeNull();
  });
});
