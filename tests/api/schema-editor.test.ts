import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  catalogTypesResponseSchema,
  type EditorTable,
  editorTableResponseSchema,
  planResponseSchema,
  type SchemaChangeInput,
} from "../../server/contract/schema-editor.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// The schema editor: every statement it generates runs on the real database (PGlite or PostgreSQL,
// by the vitest project), including for names made to break out of their quotes.
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let dbId: string;
const HOSTILE = 'a"; drop table x; --';

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  const created = await api<{ id: string }>(server, alice.accessToken, "POST", "/db", {
    kind: "managed",
    name: "editor",
  });
  expect(created.status, created.text).toBe(201);
  dbId = created.data.id;
  await sql(`CREATE TABLE x (id int); CREATE DOMAIN email AS text CHECK (VALUE LIKE '%@%');`);
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

async function sql(text: string) {
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, { sql: text });
  expect(answer.status, answer.text).toBe(200);
  const result = executeResponseSchema.parse(answer.data);
  expect(result.error).toBeNull();
  return result.results.map((r) => ({
    rows: r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.name, row[i]]))),
  }));
}

async function plan(change: SchemaChangeInput, token = alice.accessToken) {
  return api(server, token, "POST", `/db/${dbId}/schema-editor/plan`, { change });
}

/** Plans a change and applies exactly the planned statements, as the editor does without edits. */
async function planAndApply(change: SchemaChangeInput, table?: { schema: string; table: string }) {
  const planned = await plan(change);
  expect(planned.status, planned.text).toBe(200);
  const { statements, version } = planResponseSchema.parse(planned.data);
  const expected = table && version ? { ...table, version } : null;
  const applied = await api(server, alice.accessToken, "POST", `/db/${dbId}/schema-editor/apply`, {
    statements,
    expected,
  });
  expect(applied.status, applied.text).toBe(200);
  return statements.map((s) => s.sql);
}

async function load(table: string, schemaName = "public") {
  const answer = await api(
    server,
    alice.accessToken,
    "GET",
    `/db/${dbId}/schema-editor/table/${encodeURIComponent(table)}?schemaName=${encodeURIComponent(schemaName)}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return editorTableResponseSchema.parse(answer.data);
}

const column = (name: string, sql: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: { sql, modifier: null, array: false },
  ...extra,
});

describe("schema editor", () => {
  it("lists the catalog's types with enums, domains and schemas, and no internal ones", async () => {
    await planAndApply({ op: "create_enum", schema: "public", name: "order status", values: ["new", "paid"] });
    const answer = await api(server, alice.accessToken, "GET", `/db/${dbId}/schema-editor/types`);
    expect(answer.status, answer.text).toBe(200);
    const { types, schemas } = catalogTypesResponseSchema.parse(answer.data);
    const bySql = new Map(types.map((t) => [t.sql, t]));
    expect(bySql.get("integer")?.kind).toBe("base");
    expect(bySql.get("character varying")?.takesModifier).toBe(true);
    expect(bySql.get("email")?.kind).toBe("domain");
    expect(bySql.get('"order status"')).toMatchObject({ kind: "enum", enumValues: ["new", "paid"] });
    expect(bySql.has("aclitem")).toBe(false);
    expect(bySql.has("integer[]")).toBe(false);
    expect(schemas).toContain("public");
  });

  it("creates tables with every column option, foreign key, index and comment, under a hostile name", async () => {
    await planAndApply({
      op: "create_table",
      table: {
        schema: "public",
        name: "customers",
        comment: "People who buy",
        columns: [
          column("id", "uuid", {
            primaryKey: true,
            nullable: false,
            defaultKind: "expression",
            defaultExpression: "gen_random_uuid()",
          }),
          column("mail", "email", { nullable: false, unique: true, comment: "Where receipts go" }),
          column("since", "timestamp with time zone", { defaultKind: "expression", defaultExpression: "now()" }),
        ],
      },
    });
    const statements = await planAndApply({
      op: "create_table",
      table: {
        schema: "public",
        name: HOSTILE,
        columns: [
          column("n", "bigint", { primaryKey: true, defaultKind: "identity_always" }),
          column(HOSTILE, "character varying", { type: { sql: "character varying", modifier: "20", array: false } }),
          column("customer", "uuid", { nullable: false }),
          column("status", '"order status"', { defaultKind: "expression", defaultExpression: "'new'" }),
          column("tags", "text", { type: { sql: "text", modifier: null, array: true } }),
          column("total", "numeric", { type: { sql: "numeric", modifier: "10,2", array: false } }),
        ],
        checks: [{ expression: "total >= 0" }],
        foreignKeys: [
          {
            columns: ["customer"],
            references: { schema: "public", table: "customers", columns: ["id"] },
            onDelete: "cascade",
          },
        ],
        indexes: [
          { name: "orders_customer", columns: ["customer"] },
          { columns: [HOSTILE], unique: true, predicate: "total > 10" },
        ],
      },
    });
    expect(statements[0]).toContain('CREATE TABLE "public"."a""; drop table x; --"');
    // The table meant to be dropped by the name is still there.
    expect((await sql("SELECT count(*)::int AS n FROM x"))[0]?.rows).toEqual([{ n: 0 }]);
    const { structure, table } = await load(HOSTILE);
    expect(structure.columns.map((c) => [c.name, c.type])).toEqual([
      ["n", "bigint"],
      [HOSTILE, "character varying(20)"],
      ["customer", "uuid"],
      ["status", '"order status"'],
      ["tags", "text[]"],
      ["total", "numeric(10,2)"],
    ]);
    expect(structure.columns[0]?.identity).toBe("always");
    expect(table.columns[1]?.type).toEqual({ sql: "character varying", modifier: "20", array: false });
    expect(table.foreignKeys[0]).toMatchObject({ columns: ["customer"], onDelete: "cascade" });
    expect(table.checks.map((c) => c.expression)).toEqual([expect.stringMatching(/^\(?total >= \(?0\)?::numeric\)?$/)]);
    expect(table.indexes.map((i) => [i.name, i.unique, i.predicate])).toEqual([
      [
        expect.stringContaining('a"; drop table x; --'),
        true,
        expect.stringMatching(/^\(?total > \(?10\)?::numeric\)?$/),
      ],
      ["orders_customer", false, null],
    ]);
    const customers = await load("customers");
    expect(customers.structure.comment).toBe("People who buy");
    expect(customers.table.columns[1]).toMatchObject({ unique: true, nullable: false, comment: "Where receipts go" });
    expect(customers.table.columns[2]).toMatchObject({ defaultKind: "expression", defaultExpression: "now()" });
  });

  it("an unchanged table plans nothing", async () => {
    const { table } = await load(HOSTILE);
    const planned = await plan({ op: "alter_table", schema: "public", table: HOSTILE, target: table });
    expect(planResponseSchema.parse(planned.data).statements).toEqual([]);
  });

  it("alters a table: rename, add, retype with USING, drop, defaults, keys, indexes and comments", async () => {
    await sql(`CREATE TABLE products (id int PRIMARY KEY, code text, price text, old int, note text DEFAULT 'x');
               INSERT INTO products VALUES (1, 'A', '12', 1, null);`);
    const { table } = await load("products");
    const col = (i: number) => table.columns[i] ?? expect.fail(`no column ${i}`);
    const target: EditorTable = {
      ...table,
      name: "items",
      comment: "Things",
      columns: [
        { ...col(0), defaultKind: "identity_by_default" },
        { ...col(1), name: "sku", unique: true, nullable: false, comment: "Stock unit" },
        { ...col(2), type: { sql: "integer", modifier: null, array: false } },
        { ...col(4), defaultKind: "none", defaultExpression: null },
        {
          originalName: null,
          name: "added",
          type: { sql: "timestamp with time zone", modifier: null, array: false },
          nullable: false,
          defaultKind: "expression",
          defaultExpression: "now()",
          unique: false,
          primaryKey: false,
          using: null,
          comment: null,
        },
      ],
      checks: [{ originalName: null, expression: "price > 0" }],
      indexes: [
        {
          originalName: null,
          name: "items_added",
          columns: ["added"],
          unique: false,
          method: "brin",
          predicate: null,
          concurrently: false,
        },
      ],
    };
    const statements = await planAndApply(
      { op: "alter_table", schema: "public", table: "products", target },
      { schema: "public", table: "products" },
    );
    expect(statements).toContain(
      'ALTER TABLE "public"."items" ALTER COLUMN "price" TYPE integer USING "price"::integer',
    );
    const after = await load("items");
    expect(after.structure.comment).toBe("Things");
    expect(after.structure.columns.map((c) => [c.name, c.type, c.nullable, c.default])).toEqual([
      ["id", "integer", false, null],
      ["sku", "text", false, null],
      ["price", "integer", true, null],
      ["note", "text", true, null],
      ["added", "timestamp with time zone", false, "now()"],
    ]);
    expect(after.structure.columns[0]?.identity).toBe("by_default");
    expect(after.table.columns[1]).toMatchObject({ unique: true, comment: "Stock unit" });
    expect(after.table.checks.map((c) => c.expression)).toEqual(["price > 0"]);
    expect(after.table.indexes).toMatchObject([{ name: "items_added", method: "brin" }]);
    expect((await sql("SELECT price FROM items"))[0]?.rows).toEqual([{ price: 12 }]);

    // And back: the index renamed, the check and the unique constraint dropped, the key moved.
    const again = after.table;
    const back = await planAndApply(
      {
        op: "alter_table",
        schema: "public",
        table: "items",
        target: {
          ...again,
          columns: again.columns.map((c) =>
            c.name === "id"
              ? { ...c, primaryKey: false, defaultKind: "none" as const }
              : c.name === "sku"
                ? { ...c, unique: false, primaryKey: true }
                : c,
          ),
          checks: [],
          indexes: again.indexes.map((i) => ({ ...i, name: "items_by_added" })),
        },
      },
      { schema: "public", table: "items" },
    );
    expect(back).toContain('ALTER INDEX "public"."items_added" RENAME TO "items_by_added"');
    const final = await load("items");
    expect(final.structure.primaryKey?.columns).toEqual(["sku"]);
    expect(final.structure.columns[0]?.identity).toBeNull();
    expect(final.table.checks).toEqual([]);
    expect(final.table.columns[1]?.unique).toBe(false);
    expect(final.table.indexes.map((i) => i.name)).toEqual(["items_by_added"]);
  });

  it("a view from the workbench's query: a name made to break out of its quotes, the statement edited before it runs", async () => {
    // Its own schema: the table tests left a table of this name in public.
    await sql("CREATE SCHEMA reports");
    const planned = await plan({
      op: "create_view",
      schema: "reports",
      name: HOSTILE,
      query: "SELECT id FROM x WHERE id > 0;\n",
    });
    expect(planned.status, planned.text).toBe(200);
    const [statement] = planResponseSchema.parse(planned.data).statements;
    expect(statement).toEqual({
      sql: 'CREATE VIEW "reports"."a""; drop table x; --" AS\nSELECT id FROM x WHERE id > 0',
      field: "query",
    });
    // The user edits the shown statement; the edited text is what runs.
    const edited = `${statement?.sql.replace("WHERE id > 0", "WHERE id >= 0")} WITH CHECK OPTION`;
    const applied = await api(server, alice.accessToken, "POST", `/db/${dbId}/schema-editor/apply`, {
      statements: [{ sql: edited, field: null }],
      expected: null,
    });
    expect(applied.status, applied.text).toBe(200);
    const defined = await sql(
      `SELECT pg_get_viewdef('reports."a""; drop table x; --"'::regclass) AS def, to_regclass('public.x') IS NOT NULL AS kept`,
    );
    expect(defined[0]?.rows[0]).toMatchObject({ kept: true, def: expect.stringMatching(/id >= 0/) });
    // A second one of that name is the database's error, placed on the query it came from.
    const again = await plan({ op: "create_view", schema: "reports", name: HOSTILE, query: "SELECT 1" });
    const failed = await api(server, alice.accessToken, "POST", `/db/${dbId}/schema-editor/apply`, {
      statements: planResponseSchema.parse(again.data).statements,
    });
    expect([failed.status, failed.error?.code, failed.error?.details?.field]).toEqual([
      400,
      "DATABASE_QUERY_FAILED",
      "query",
    ]);
    await sql("DROP SCHEMA reports CASCADE");
  });

  it("schemas, enums, views, comments, truncate and drop", async () => {
    await planAndApply({ op: "create_schema", name: HOSTILE });
    await planAndApply({ op: "create_enum", schema: HOSTILE, name: HOSTILE, values: ["it's", "b"] });
    await planAndApply({ op: "enum_add_value", schema: HOSTILE, name: HOSTILE, value: "c" });
    await planAndApply({ op: "enum_rename_value", schema: HOSTILE, name: HOSTILE, from: "it's", to: "a" });
    const labels = await sql(`SELECT enum_range(NULL::"a""; drop table x; --"."a""; drop table x; --")::text AS r`);
    expect(labels[0]?.rows).toEqual([{ r: "{a,b,c}" }]);
    await planAndApply({ op: "create_view", schema: HOSTILE, name: "v", query: "SELECT 1 AS one;" });
    expect((await sql(`SELECT one FROM "a""; drop table x; --".v`))[0]?.rows).toEqual([{ one: 1 }]);
    await planAndApply({ op: "comment", schema: "public", table: "x", column: "id", comment: "it's the id" });
    await planAndApply(
      { op: "truncate_table", schema: "public", table: "items" },
      { schema: "public", table: "items" },
    );
    expect((await sql("SELECT count(*)::int AS n FROM items"))[0]?.rows).toEqual([{ n: 0 }]);
    await planAndApply({ op: "drop_type", schema: HOSTILE, name: HOSTILE });
    await planAndApply({ op: "drop_schema", name: HOSTILE, cascade: true });
    await planAndApply({ op: "drop_table", schema: "public", table: "items" }, { schema: "public", table: "items" });
    const left = await sql(
      `SELECT (SELECT count(*)::int FROM pg_namespace WHERE nspname = 'a"; drop table x; --') AS schemas,
              to_regclass('public.items') IS NULL AS dropped, col_description('x'::regclass, 1) AS comment`,
    );
    expect(left[0]?.rows).toEqual([{ schemas: 0, dropped: true, comment: "it's the id" }]);
  });

  it("runs CREATE INDEX CONCURRENTLY after the transaction", async () => {
    const statements = await planAndApply({
      op: "alter_table",
      schema: "public",
      table: "customers",
      target: {
        ...(await load("customers")).table,
        indexes: [{ originalName: null, name: "customers_since", columns: ["since"], concurrently: true }],
      },
    });
    expect(statements).toEqual([
      'CREATE INDEX CONCURRENTLY "customers_since" ON "public"."customers" USING btree ("since")',
    ]);
    expect((await load("customers")).table.indexes.map((i) => i.name)).toEqual(["customers_since"]);
  });

  it("refuses a type the catalog does not list", async () => {
    const answer = await plan({
      op: "create_table",
      table: { schema: "public", name: "t", columns: [column("a", "integer; drop table x")] },
    });
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({ code: "TYPE_NOT_FOUND", details: { field: "columns.0.type" } });
  });

  it("runs all or nothing, and names the statement and field that failed", async () => {
    const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/schema-editor/apply`, {
      statements: [
        { sql: "CREATE TABLE half (id int)", field: "name" },
        { sql: "ALTER TABLE half ADD COLUMN b nosuchtype", field: "columns.1.type" },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({
      code: "DATABASE_QUERY_FAILED",
      details: { statementIndex: 1, field: "columns.1.type", sqlState: "42704", applied: 0 },
    });
    expect((await sql("SELECT to_regclass('half') IS NULL AS gone"))[0]?.rows).toEqual([{ gone: true }]);
  });

  it("refuses to run on a table that changed since it was loaded, and changes nothing", async () => {
    const loaded = await load("customers");
    await sql("ALTER TABLE customers ADD COLUMN phone text");
    const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/schema-editor/apply`, {
      statements: [{ sql: 'ALTER TABLE "public"."customers" DROP COLUMN "mail"', field: "columns" }],
      expected: { schema: "public", table: "customers", version: loaded.version },
    });
    expect(answer.status).toBe(409);
    expect(answer.error).toMatchObject({
      code: "STRUCTURE_CHANGED",
      details: { schema: "public", table: "customers" },
    });
    expect((await load("customers")).table.columns.map((c) => c.name)).toContain("mail");
  });

  it("another user's database answers DATABASE_NOT_FOUND on every route", async () => {
    const paths: Array<[string, string, unknown?]> = [
      ["GET", "/schema-editor/types"],
      ["GET", "/schema-editor/table/customers"],
      ["POST", "/schema-editor/plan", { change: { op: "create_schema", name: "s" } }],
      ["POST", "/schema-editor/apply", { statements: [{ sql: "DROP TABLE customers" }] }],
    ];
    for (const [method, path, body] of paths) {
      const answer = await api(server, bob.accessToken, method, `/db/${dbId}${path}`, body);
      expect(answer.error?.code, path).toBe("DATABASE_NOT_FOUND");
    }
    expect((await load("customers")).structure.name).toBe("customers");
  });
});

describe("schema editor on a read-only server", () => {
  let readOnly: TestServer;
  let carol: TestUser;
  beforeAll(async () => {
    readOnly = await startTestServer({ env: { SQL_READ_ONLY: "true" } });
    carol = await createTestUser(readOnly, { verified: true });
  }, 180_000);
  afterAll(async () => {
    if (carol) await deleteAllDatabases(readOnly, carol.accessToken);
    await readOnly?.close();
  });

  it("refuses plans and applies with DATABASE_READ_ONLY", async () => {
    const created = await api<{ id: string }>(readOnly, carol.accessToken, "POST", "/db", {
      kind: "managed",
      name: "ro",
    });
    expect(created.status, created.text).toBe(201);
    const base = `/db/${created.data.id}/schema-editor`;
    const planned = await api(readOnly, carol.accessToken, "POST", `${base}/plan`, {
      change: { op: "create_schema", name: "s" },
    });
    expect(planned.status).toBe(403);
    expect(planned.error?.code).toBe("DATABASE_READ_ONLY");
    const view = await api(readOnly, carol.accessToken, "POST", `${base}/plan`, {
      change: { op: "create_view", schema: "public", name: "v", query: "SELECT 1" },
    });
    expect([view.status, view.error?.code]).toEqual([403, "DATABASE_READ_ONLY"]);
    const applied = await api(readOnly, carol.accessToken, "POST", `${base}/apply`, {
      statements: [{ sql: "CREATE SCHEMA s" }],
    });
    expect(applied.status).toBe(403);
    expect(applied.error?.code).toBe("DATABASE_READ_ONLY");
  });
});
