import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseSchemaResponseSchema } from "../../server/contract/databases.ts";
import { functionDefinitionSchema, tableStructureSchema } from "../../server/contract/db-structure.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// The structure of tables and views as the catalog has it, and the tree's views, materialized
// views, functions and sequences.
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
  const created = await api<{ id: string }>(server, alice.accessToken, "POST", "/db", {
    kind: "managed",
    name: "structure",
  });
  expect(created.status, created.text).toBe(201);
  dbId = created.data.id;
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, {
    sql: `CREATE SCHEMA "Shop ""Main""";
          CREATE DOMAIN email AS text CHECK (VALUE LIKE '%@%');
          CREATE TYPE mood AS ENUM ('happy', 'sad');
          CREATE TABLE customers (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            mail email NOT NULL UNIQUE,
            feeling mood,
            first text DEFAULT 'x',
            last text,
            full_name text GENERATED ALWAYS AS (first || ' ' || last) STORED,
            born date, seen timestamptz, tags text[], data jsonb, ok boolean, token uuid
          );
          COMMENT ON TABLE customers IS 'People who buy';
          COMMENT ON COLUMN customers.mail IS 'Where receipts go';
          CREATE TABLE "Shop ""Main""".orders (
            shop int, number int, customer_id bigint REFERENCES customers(id) ON DELETE CASCADE,
            total numeric(10,2) CHECK (total >= 0),
            PRIMARY KEY (shop, number)
          );
          CREATE INDEX orders_lower ON "Shop ""Main""".orders ((total * 2)) WHERE total > 10;
          CREATE SEQUENCE invoice_numbers START 1000 INCREMENT 5;
          CREATE TABLE serials (id serial PRIMARY KEY);
          CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
          CREATE FUNCTION add(a int, b int) RETURNS int LANGUAGE sql AS 'SELECT a + b';
          CREATE PROCEDURE noop() LANGUAGE sql AS 'SELECT 1';
          CREATE TRIGGER customers_touch BEFORE INSERT OR UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION touch();
          CREATE VIEW happy AS SELECT id, mail FROM customers WHERE feeling = 'happy';
          CREATE MATERIALIZED VIEW counts AS SELECT count(*) AS n FROM customers;
          INSERT INTO customers (mail, last) SELECT 'p' || g || '@x.org', 'L' FROM generate_series(1, 50) g;`,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(executeResponseSchema.parse(answer.data).error).toBeNull();
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

const structure = async (table: string, schemaName = "public") => {
  const answer = await api(
    server,
    alice.accessToken,
    "GET",
    `/db/${dbId}/structure/table/${encodeURIComponent(table)}?schemaName=${encodeURIComponent(schemaName)}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return tableStructureSchema.parse(answer.data);
};

describe("table structure", () => {
  it("describes columns: type, kind, nullability, default, identity, generation and comment", async () => {
    const s = await structure("customers");
    expect(s).toMatchObject({ kind: "table", comment: "People who buy", viewDefinition: null });
    const col = (name: string) => s.columns.find((c) => c.name === name);
    expect(col("id")).toMatchObject({ type: "bigint", kind: "number", nullable: false, identity: "always" });
    expect(col("id")?.primaryKeyPosition).toBe(1);
    expect(col("mail")).toMatchObject({ type: "email", kind: "text", nullable: false, comment: "Where receipts go" });
    expect(col("feeling")).toMatchObject({ kind: "enum", nullable: true });
    expect(col("first")).toMatchObject({ default: "'x'::text", generated: null });
    expect(col("full_name")).toMatchObject({ default: null, identity: null });
    expect(col("full_name")?.generated).toContain("first");
    expect(col("born")?.kind).toBe("date");
    expect(col("seen")?.kind).toBe("datetime");
    expect(col("tags")).toMatchObject({ type: "text[]", kind: "array" });
    expect(col("data")?.kind).toBe("json");
    expect(col("ok")?.kind).toBe("boolean");
    expect(col("token")?.kind).toBe("uuid");
  });

  it("lists the primary key, indexes with size, constraints, foreign keys pointing here and triggers", async () => {
    const s = await structure("customers");
    expect(s.primaryKey).toEqual({ name: "customers_pkey", columns: ["id"] });
    const pkey = s.indexes.find((i) => i.primary);
    expect(pkey).toMatchObject({ name: "customers_pkey", columns: ["id"], unique: true, method: "btree", valid: true });
    expect(pkey?.definition).toMatch(/^CREATE UNIQUE INDEX customers_pkey ON public\.customers USING btree \(id\)$/);
    expect(pkey?.sizeBytes).toBeGreaterThan(0);
    expect(s.constraints.map((c) => [c.type, c.name])).toEqual([
      ["primary_key", "customers_pkey"],
      ["unique", "customers_mail_key"],
    ]);
    expect(s.referencedBy).toEqual([
      {
        name: "orders_customer_id_fkey",
        schema: 'Shop "Main"',
        table: "orders",
        columns: ["customer_id"],
        referencedColumns: ["id"],
      },
    ]);
    expect(s.triggers).toEqual([
      {
        name: "customers_touch",
        timing: "before",
        events: ["insert", "update"],
        level: "row",
        function: "touch()",
        enabled: "origin",
        definition: expect.stringContaining(
          "CREATE TRIGGER customers_touch BEFORE INSERT OR UPDATE ON public.customers",
        ),
      },
    ]);
    expect(s.totalBytes).toBeGreaterThanOrEqual(s.tableBytes + s.indexBytes);
    expect(s.tableBytes).toBeGreaterThan(0);
  });

  it("reads a table in a schema whose name needs quoting: composite key, foreign key, check, expression index", async () => {
    const s = await structure("orders", 'Shop "Main"');
    expect(s.primaryKey?.columns).toEqual(["shop", "number"]);
    const fk = s.constraints.find((c) => c.type === "foreign_key");
    expect(fk).toMatchObject({
      columns: ["customer_id"],
      references: { schema: "public", table: "customers", columns: ["id"] },
      onDelete: "cascade",
      onUpdate: "no_action",
      validated: true,
    });
    expect(s.constraints.find((c) => c.type === "check")?.definition.replace(/[()]/g, "")).toBe(
      "CHECK total >= 0::numeric",
    );
    const expression = s.indexes.find((i) => i.name === "orders_lower");
    expect(expression?.columns).toEqual([null]);
    expect(expression?.predicate?.replace(/[()]/g, "")).toBe("total > 10::numeric");
  });

  it("answers a view's and a materialized view's definition", async () => {
    const view = await structure("happy");
    expect(view.kind).toBe("view");
    // PostgreSQL 15 qualifies the columns (customers.id), 16 and later do not.
    expect(view.viewDefinition?.replace(/customers\./g, "")).toMatch(
      /SELECT id,\s+mail\s+FROM customers\s+WHERE feeling = 'happy'::mood;?/,
    );
    expect(view.totalBytes).toBe(0);
    const counts = await structure("counts");
    expect(counts.kind).toBe("materialized_view");
    expect(counts.viewDefinition).toContain("count(*)");
  });

  it("refuses unknown tables and schemas, and another user's database, with their codes", async () => {
    const missing = await api(server, alice.accessToken, "GET", `/db/${dbId}/structure/table/nope`);
    expect([missing.status, missing.error?.code]).toEqual([404, "TABLE_NOT_FOUND"]);
    const injected = await api(
      server,
      alice.accessToken,
      "GET",
      `/db/${dbId}/structure/table/${encodeURIComponent("customers'; DROP TABLE customers; --")}`,
    );
    expect([injected.status, injected.error?.code]).toEqual([404, "TABLE_NOT_FOUND"]);
    const schema = await api(server, alice.accessToken, "GET", `/db/${dbId}/structure/table/customers?schemaName=nope`);
    expect([schema.status, schema.error?.code]).toEqual([404, "SCHEMA_NOT_FOUND"]);
    const other = await api(server, bob.accessToken, "GET", `/db/${dbId}/structure/table/customers`);
    expect([other.status, other.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
    expect((await structure("customers")).columns.length).toBe(12);
  });
});

describe("the tree's functions and sequences", () => {
  it("lists views, materialized views, functions with their signatures, and sequences", async () => {
    const answer = await api(server, alice.accessToken, "GET", `/db/${dbId}/schema`);
    expect(answer.status, answer.text).toBe(200);
    const tree = databaseSchemaResponseSchema.parse(answer.data);
    const pub = tree.schemas.find((s) => s.name === "public");
    expect(pub?.tables.map((t) => [t.name, t.kind])).toEqual(
      expect.arrayContaining([
        ["happy", "view"],
        ["counts", "materialized_view"],
      ]),
    );
    expect(pub?.functions.map((f) => [f.name, f.kind, f.arguments, f.returns, f.language])).toEqual([
      ["add", "function", "a integer, b integer", "integer", "sql"],
      ["noop", "procedure", "", null, "sql"],
      ["touch", "function", "", "trigger", "plpgsql"],
    ]);
    // The identity column's sequence belongs to its column; a serial's names its owner.
    expect(pub?.sequences).toEqual([
      {
        name: "invoice_numbers",
        dataType: "bigint",
        start: "1000",
        increment: "5",
        min: "1",
        max: "9223372036854775807",
        cycle: false,
        ownedBy: null,
      },
      expect.objectContaining({ name: "serials_id_seq", dataType: "integer", ownedBy: "serials.id" }),
    ]);
    const add = pub?.functions.find((f) => f.name === "add");
    const definition = await api(server, alice.accessToken, "GET", `/db/${dbId}/structure/function/${add?.oid}`);
    expect(definition.status, definition.text).toBe(200);
    expect(functionDefinitionSchema.parse(definition.data).definition).toMatch(
      /CREATE OR REPLACE FUNCTION public\.add\(a integer, b integer\)/,
    );
    for (const oid of ["1", "99999999", "abc", "-1", "4294967296"]) {
      const missing = await api(server, alice.accessToken, "GET", `/db/${dbId}/structure/function/${oid}`);
      expect([oid, missing.status, missing.error?.code]).toEqual([oid, 404, "FUNCTION_NOT_FOUND"]);
    }
    const other = await api(server, bob.accessToken, "GET", `/db/${dbId}/structure/function/${add?.oid}`);
    expect([other.status, other.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
  });
});
