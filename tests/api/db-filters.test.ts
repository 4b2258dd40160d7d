import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import type { TableFilter } from "../../server/contract/table-filter.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Typed filters: every operator, values read as the column's type by PostgreSQL, and neither
// values nor names ever becoming SQL. Rows are read through the table export (JSON), which runs the
// same filter as the grid.
let server: TestServer;
let alice: TestUser;
let dbId: string;
const WEIRD = 'we"ird col';

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  const created = await api<{ id: string }>(server, alice.accessToken, "POST", "/db", { kind: "managed", name: "f" });
  expect(created.status, created.text).toBe(201);
  dbId = created.data.id;
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, {
    sql: `CREATE TYPE size AS ENUM ('s', 'm', 'l');
          CREATE TABLE items (
            id int PRIMARY KEY, name text, price numeric(8,2), qty bigint, ok boolean, made date,
            seen timestamptz, tags text[], data jsonb, raw json, token uuid, sz size, blob bytea, "${WEIRD.replace('"', '""')}" text
          );
          INSERT INTO items VALUES
            (1, 'Apple', 1.50, 10, true, '2024-01-15', '2024-01-15 10:00:00+00', '{red,fruit}', '{"a": 1}', '{"a": 1}',
             '00000000-0000-0000-0000-000000000001', 's', '\\x01', 'x'),
            (2, 'apricot 50%_off', 2.25, 9007199254740993, false, '2024-02-01', '2024-02-01 00:00:00+00', '{orange}', '{"a": 2}', '[1, 2]',
             '00000000-0000-0000-0000-000000000002', 'm', '\\x02', 'y'),
            (3, 'Banana''s', 0.99, 3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'l', NULL, NULL),
            (4, NULL, NULL, NULL, true, '2023-12-31', '2023-12-31 23:59:59+00', '{}', '{"b": [1]}', '{}',
             '00000000-0000-0000-0000-000000000004', NULL, '\\x', 'back\\slash'),
            (5, '''; DROP TABLE items; --', 100, 0, false, '2024-03-01', '2024-03-01 12:00:00+00', '{red}', 'null', 'null',
             '00000000-0000-0000-0000-000000000005', 's', '\\xff', '%');`,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(executeResponseSchema.parse(answer.data).error).toBeNull();
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

const exportPath = (filter: TableFilter, table = "items") =>
  `/db/${dbId}/export/table/${table}?format=json&filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The ids of the rows the filter keeps. */
async function ids(filter: TableFilter): Promise<number[]> {
  const answer = await api(server, alice.accessToken, "GET", exportPath(filter));
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as Array<{ id: number }>).map((r) => r.id);
}

async function refused(filter: TableFilter): Promise<{ status: number; code: string | undefined; message: string }> {
  const answer = await api(server, alice.accessToken, "GET", exportPath(filter));
  return { status: answer.status, code: answer.error?.code, message: answer.error?.message ?? "" };
}

describe("filter operators", () => {
  it("compares numbers as numbers, with every comparison", async () => {
    expect(await ids([{ column: "price", op: "eq", value: "1.5" }])).toEqual([1]);
    expect(await ids([{ column: "price", op: "lt", value: "2" }])).toEqual([1, 3]);
    expect(await ids([{ column: "price", op: "le", value: "2.25" }])).toEqual([1, 2, 3]);
    expect(await ids([{ column: "price", op: "gt", value: "2.25" }])).toEqual([5]);
    expect(await ids([{ column: "price", op: "ge", value: "2.25" }])).toEqual([2, 5]);
    // Not 10 < 9 as text would have it, and a bigint past 2^53 exactly.
    expect(await ids([{ column: "qty", op: "gt", value: "9" }])).toEqual([1, 2]);
    expect(await ids([{ column: "qty", op: "eq", value: "9007199254740993" }])).toEqual([2]);
  });

  it("keeps NULLs for 'not equal', and tests for NULL", async () => {
    expect(await ids([{ column: "price", op: "ne", value: "1.5" }])).toEqual([2, 3, 4, 5]);
    expect(await ids([{ column: "name", op: "is_null" }])).toEqual([4]);
    expect(await ids([{ column: "name", op: "not_null" }])).toEqual([1, 2, 3, 5]);
    expect(await ids([{ column: "ok", op: "is_null" }])).toEqual([3]);
  });

  it("matches text case-insensitively with contains and starts with, % and _ literal", async () => {
    expect(await ids([{ column: "name", op: "contains", value: "AP" }])).toEqual([1, 2]);
    expect(await ids([{ column: "name", op: "starts_with", value: "ap" }])).toEqual([1, 2]);
    expect(await ids([{ column: "name", op: "contains", value: "50%_" }])).toEqual([2]);
    expect(await ids([{ column: "name", op: "contains", value: "%" }])).toEqual([2]);
    expect(await ids([{ column: "name", op: "contains", value: "_" }])).toEqual([2]);
    expect(await ids([{ column: WEIRD, op: "contains", value: "\\" }])).toEqual([4]);
    // Contains over a non-text column matches its text form.
    expect(await ids([{ column: "made", op: "contains", value: "2024-0" }])).toEqual([1, 2, 5]);
  });

  it("reads dates, timestamps, booleans, uuids and enums as their types", async () => {
    expect(await ids([{ column: "made", op: "lt", value: "2024-01-01" }])).toEqual([4]);
    expect(await ids([{ column: "made", op: "ge", value: "Feb 1, 2024" }])).toEqual([2, 5]);
    expect(await ids([{ column: "seen", op: "gt", value: "2024-01-15T09:30:00Z" }])).toEqual([1, 2, 5]);
    expect(await ids([{ column: "seen", op: "lt", value: "2024-01-15T11:00:00+02:00" }])).toEqual([4]);
    expect(await ids([{ column: "ok", op: "eq", value: "true" }])).toEqual([1, 4]);
    expect(await ids([{ column: "ok", op: "ne", value: "t" }])).toEqual([2, 3, 5]);
    expect(await ids([{ column: "token", op: "eq", value: "00000000-0000-0000-0000-000000000002" }])).toEqual([2]);
    // Enums order as declared, not alphabetically.
    expect(await ids([{ column: "sz", op: "gt", value: "s" }])).toEqual([2, 3]);
  });

  it("compares JSON by value, arrays as arrays, and bytea by its text", async () => {
    expect(await ids([{ column: "data", op: "eq", value: '{ "a" :1 }' }])).toEqual([1]);
    expect(await ids([{ column: "raw", op: "eq", value: "[1,2]" }])).toEqual([2]);
    expect(await ids([{ column: "data", op: "contains", value: '"b"' }])).toEqual([4]);
    expect(await ids([{ column: "tags", op: "eq", value: "{red,fruit}" }])).toEqual([1]);
    expect(await ids([{ column: "tags", op: "contains", value: "red" }])).toEqual([1, 5]);
    expect(await ids([{ column: "blob", op: "eq", value: "\\xff" }])).toEqual([5]);
  });

  it("takes a list for 'in', each value typed", async () => {
    expect(await ids([{ column: "id", op: "in", values: ["1", "3", "5"] }])).toEqual([1, 3, 5]);
    expect(await ids([{ column: "made", op: "in", values: ["2024-02-01", "2023-12-31"] }])).toEqual([2, 4]);
    expect(await ids([{ column: "sz", op: "in", values: ["m", "l"] }])).toEqual([2, 3]);
    expect(await ids([{ column: "data", op: "in", values: ['{"a":2}', "null"] }])).toEqual([2, 5]);
  });

  it("AND-combines conditions", async () => {
    expect(
      await ids([
        { column: "made", op: "ge", value: "2024-01-01" },
        { column: "ok", op: "eq", value: "false" },
        { column: "price", op: "lt", value: "50" },
      ]),
    ).toEqual([2]);
  });
});

describe("hostile filters", () => {
  it("never runs a value as SQL", async () => {
    const attacks = [
      "'; DROP TABLE items; --",
      "1' OR '1'='1",
      "1 OR 1=1",
      "$1",
      "\\'; SELECT pg_sleep(10); --",
      "') OR true --",
    ];
    for (const value of attacks) {
      expect(await ids([{ column: "name", op: "eq", value }])).toEqual(value === "'; DROP TABLE items; --" ? [5] : []);
      expect(await ids([{ column: "name", op: "contains", value }])).toEqual(
        value === "'; DROP TABLE items; --" ? [5] : [],
      );
      expect(await ids([{ column: "name", op: "in", values: [value, "Apple"] }])).toEqual(
        value === "'; DROP TABLE items; --" ? [1, 5] : [1],
      );
      // A number column refuses such a value as a number, naming the column.
      const number = await refused([{ column: "price", op: "eq", value }]);
      expect([number.status, number.code]).toEqual([400, "FILTER_VALUE_INVALID"]);
      expect(number.message).toContain('"price"');
    }
    expect(await ids([])).toEqual([1, 2, 3, 4, 5]);
  });

  it("finds columns only by their exact catalog names, quoted", async () => {
    expect(await ids([{ column: WEIRD, op: "eq", value: "y" }])).toEqual([2]);
    for (const column of ['id"; DROP TABLE items; --', "ID", "id ", "t.id", '"id"', "name) OR (1=1", "*"]) {
      const answer = await refused([{ column, op: "eq", value: "1" }]);
      expect([column, answer.status, answer.code]).toEqual([column, 400, "COLUMN_NOT_FOUND"]);
    }
    const table = await api(server, alice.accessToken, "GET", exportPath([], "items; DROP TABLE items"));
    expect([table.status, table.error?.code]).toEqual([404, "TABLE_NOT_FOUND"]);
    expect(await ids([])).toHaveLength(5);
  });

  it("refuses operators that make no sense for the column, and values that are not of its type", async () => {
    for (const [column, op] of [
      ["ok", "lt"],
      ["data", "gt"],
      ["tags", "in"],
      ["blob", "ge"],
    ] as const) {
      const answer = await refused([{ column, op, value: "1" }]);
      expect([column, answer.status, answer.code]).toEqual([column, 400, "FILTER_OPERATOR_INVALID"]);
    }
    for (const [column, value] of [
      ["made", "yesterday-ish"],
      ["made", "2024-02-30"],
      ["qty", "1e999999"],
      ["qty", "99999999999999999999"],
      ["ok", "maybe"],
      ["token", "not-a-uuid"],
      ["data", "{broken"],
      ["sz", "xl"],
    ] as const) {
      const answer = await refused([{ column, op: "eq", value }]);
      expect([column, value, answer.status, answer.code]).toEqual([column, value, 400, "FILTER_VALUE_INVALID"]);
      expect(answer.message).toContain(`"${column}"`);
    }
    const inList = await refused([{ column: "id", op: "in", values: ["1", "two"] }]);
    expect([inList.status, inList.code]).toEqual([400, "FILTER_VALUE_INVALID"]);
    const empty = await refused([{ column: "id", op: "in", values: [] }]);
    expect([empty.status, empty.code]).toEqual([400, "FILTER_VALUE_INVALID"]);
    const noValue = await refused([{ column: "id", op: "eq" }]);
    expect([noValue.status, noValue.code]).toEqual([400, "FILTER_VALUE_INVALID"]);
    const badJson = await api(server, alice.accessToken, "GET", `/db/${dbId}/export/table/items?filter=%5B%7B`);
    expect([badJson.status, badJson.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const badOp = await api(
      server,
      alice.accessToken,
      "GET",
      `/db/${dbId}/export/table/items?filter=${encodeURIComponent('[{"column":"id","op":"; DROP","value":"1"}]')}`,
    );
    expect([badOp.status, badOp.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
  });
});

describe("the table page", () => {
  const page = (filter: TableFilter, extra = "") =>
    api<{ rows: unknown[][]; rowCount: number; rowCountExact: boolean }>(
      server,
      alice.accessToken,
      "GET",
      `/db/${dbId}/table/items?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`,
    );

  it("applies the same typed filter as the export, with the search, and counts what it kept", async () => {
    const answer = await page([{ column: "qty", op: "gt", value: "9" }]);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data.rows.map((r) => r[0])).toEqual([1, 2]);
    expect([answer.data.rowCount, answer.data.rowCountExact]).toEqual([2, true]);
    const searched = await page([{ column: "qty", op: "gt", value: "9" }], "&searchColumn=name&searchValue=apr");
    expect(searched.data.rows.map((r) => r[0])).toEqual([2]);
    const paged = await page([{ column: "id", op: "ne", value: "3" }], "&page=2&pageSize=2&sortColumn=id");
    expect(paged.data.rows.map((r) => r[0])).toEqual([4, 5]);
  });

  it("refuses hostile and mistyped filters with their codes, and another user's database", async () => {
    const bad = await page([{ column: "price", op: "eq", value: "1' OR '1'='1" }]);
    expect([bad.status, bad.error?.code]).toEqual([400, "FILTER_VALUE_INVALID"]);
    const column = await page([{ column: 'id"; DROP TABLE items; --', op: "eq", value: "1" }]);
    expect([column.status, column.error?.code]).toEqual([400, "COLUMN_NOT_FOUND"]);
    const op = await page([{ column: "ok", op: "lt", value: "1" }]);
    expect([op.status, op.error?.code]).toEqual([400, "FILTER_OPERATOR_INVALID"]);
    const bob = await createTestUser(server, { verified: true });
    const other = await api(server, bob.accessToken, "GET", `/db/${dbId}/table/items?filter=%5B%5D`);
    expect([other.status, other.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
    expect(await ids([])).toHaveLength(5);
  });
});
