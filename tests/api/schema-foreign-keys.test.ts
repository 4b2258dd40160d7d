import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseSchemaResponseSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// The schema tree's foreign keys, which the schema diagram draws as its edges.
let server: TestServer;
let alice: TestUser;
let dbId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  const created = await api<{ id: string }>(server, alice.accessToken, "POST", "/db", {
    kind: "managed",
    name: "keys",
  });
  expect(created.status, created.text).toBe(201);
  dbId = created.data.id;
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, {
    sql: `CREATE SCHEMA "Sales ""EU""";
          CREATE TABLE "we""ird" (id bigint PRIMARY KEY, "na me" text, UNIQUE (id, "na me"));
          CREATE TABLE "Sales ""EU""".lines (
            id bigint PRIMARY KEY, parent bigint, item bigint, item_name text,
            CONSTRAINT "line's item" FOREIGN KEY (item_name, item) REFERENCES "we""ird" ("na me", id),
            CONSTRAINT lines_parent_fkey FOREIGN KEY (parent) REFERENCES "Sales ""EU""".lines (id)
          );
          CREATE TABLE events (at date NOT NULL, item bigint REFERENCES "we""ird" (id)) PARTITION BY RANGE (at);
          CREATE TABLE events_2024 PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');`,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(executeResponseSchema.parse(answer.data).error).toBeNull();
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

describe("the schema tree's foreign keys", () => {
  it("lists each table's keys with their columns in key order, across schemas, partitions' copies left out", async () => {
    const answer = await api(server, alice.accessToken, "GET", `/db/${dbId}/schema`);
    expect(answer.status, answer.text).toBe(200);
    const tree = databaseSchemaResponseSchema.parse(answer.data);
    const table = (schema: string, name: string) =>
      tree.schemas.find((s) => s.name === schema)?.tables.find((t) => t.name === name);
    expect(table('Sales "EU"', "lines")?.foreignKeys).toEqual([
      {
        name: "line's item",
        columns: ["item_name", "item"],
        references: { schema: "public", table: 'we"ird', columns: ["na me", "id"] },
      },
      {
        name: "lines_parent_fkey",
        columns: ["parent"],
        references: { schema: 'Sales "EU"', table: "lines", columns: ["id"] },
      },
    ]);
    expect(table("public", "events")?.foreignKeys).toEqual([
      {
        name: "events_item_fkey",
        columns: ["item"],
        references: { schema: "public", table: 'we"ird', columns: ["id"] },
      },
    ]);
    expect(table("public", "events_2024")).toBeUndefined();
    expect(table("public", 'we"ird')?.foreignKeys).toEqual([]);
  });
});
