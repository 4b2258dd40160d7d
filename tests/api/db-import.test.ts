import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImportPreview, type ImportResult, importPreviewSchema } from "../../server/contract/db-import.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// CSV into an existing table (mapping, COPY on PostgreSQL, INSERTs on PGlite) or a new one with
// inferred types: every row or none, refusals naming their line in the file.
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
  const created = await api<{ id: string }>(server, alice.accessToken, "POST", "/db", { kind: "managed", name: "i" });
  expect(created.status, created.text).toBe(201);
  dbId = created.data.id;
  await sql(`CREATE TABLE people (
    id int PRIMARY KEY, name text NOT NULL, born date, score numeric(6,2) CHECK (score >= 0), note text,
    tag text DEFAULT 'none', slug text GENERATED ALWAYS AS (lower(name)) STORED);
    CREATE VIEW people_view AS SELECT * FROM people;`);
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
  return result.results.at(-1)?.rows ?? [];
}

async function upload(path: string, csv: string | ReadableStream<Uint8Array>, token = alice.accessToken) {
  const response = await server.request(`/api/v1/db/${dbId}/import/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
    body: csv,
    ...(typeof csv === "string" ? {} : { duplex: "half" }),
  } as RequestInit);
  const text = await response.text();
  const [data, error] = JSON.parse(text) as [
    ImportResult | null,
    { code: string; message: string; details?: Record<string, unknown> } | null,
  ];
  return { status: response.status, data, error, text };
}

const mapping = (columns: Array<string | null>, extra = "") =>
  `table/people?mapping=${encodeURIComponent(JSON.stringify(columns))}${extra}`;

const peopleIds = async () => (await sql("SELECT id FROM people ORDER BY id")).map((r) => (r as unknown[])[0]);

describe("preview", () => {
  it("answers the header, first rows and inferred types, finding the delimiter", async () => {
    const answer = await api<ImportPreview>(server, alice.accessToken, "POST", `/db/${dbId}/import/preview`, {
      sample:
        'id;name;born;at;score;ok;token;data;empty;name\n1;Ann;2024-01-02;2024-01-02T10:00:00Z;1.5;true;00000000-0000-0000-0000-000000000001;"{""a"":1}";;x\n2;"Bo;b";1999-12-31;2024-01-03 11:00;2;f;00000000-0000-0000-0000-000000000002;[1];"";y\n3;Cy;2000-0',
      truncated: true,
    });
    expect(answer.status, answer.text).toBe(200);
    const preview = importPreviewSchema.parse(answer.data);
    expect(preview.delimiter).toBe(";");
    expect(preview.columns).toEqual([
      { name: "id", type: "bigint" },
      { name: "name", type: "text" },
      { name: "born", type: "date" },
      { name: "at", type: "timestamptz" },
      { name: "score", type: "numeric" },
      { name: "ok", type: "boolean" },
      { name: "token", type: "uuid" },
      { name: "data", type: "jsonb" },
      { name: "empty", type: "text" },
      { name: "name_2", type: "text" },
    ]);
    // The cut last line is left out; an empty unquoted field is NULL, a quoted one empty text.
    expect(preview.rows).toHaveLength(2);
    expect(preview.rows[1]?.[1]).toBe("Bo;b");
    expect(preview.rows[0]?.[8]).toBeNull();
    expect(preview.rows[1]?.[8]).toBe("");
  });

  it("refuses malformed CSV with its line, and another user's database", async () => {
    const bad = await api(server, alice.accessToken, "POST", `/db/${dbId}/import/preview`, {
      sample: 'a,b\n1,2\n3,"x\n',
    });
    expect([bad.status, bad.error?.code]).toEqual([400, "IMPORT_CSV_MALFORMED"]);
    const other = await api(server, bob.accessToken, "POST", `/db/${dbId}/import/preview`, { sample: "a\n1\n" });
    expect([other.status, other.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
  });
});

describe("into an existing table", () => {
  it("maps CSV columns to table columns, skips the unmapped, keeps NULL apart from empty text", async () => {
    const csv =
      'ignored,name,id,born,note\nx,Ann,1,2024-01-02,\ny,"Bob, ""the"" builder",2,,""\nz,"multi\nline",3,1990-05-06,n\n';
    const answer = await upload(mapping([null, "name", "id", "born", "note"]), csv);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data).toMatchObject({ rows: 3, created: false, tableName: "people" });
    expect(answer.data?.method).toBe(process.env.TEST_STORE === "postgres" ? "copy" : "insert");
    const rows = await sql("SELECT id, name, born::text, note, note IS NULL, tag, slug FROM people ORDER BY id");
    expect(rows).toEqual([
      [1, "Ann", "2024-01-02", null, true, "none", "ann"],
      [2, 'Bob, "the" builder', null, "", false, "none", 'bob, "the" builder'],
      [3, "multi\nline", "1990-05-06", "n", false, "none", "multi\nline"],
    ]);
    await sql("DELETE FROM people");
  });

  it("takes a file without a header, and other delimiters", async () => {
    const answer = await upload(mapping(["id", "name"], "&header=false&delimiter=%09"), "10\tTab\n11\tSep\n");
    expect(answer.status, answer.text).toBe(200);
    expect(await peopleIds()).toEqual([10, 11]);
    await sql("DELETE FROM people");
  });

  // Five imports of 5,500 rows each: seconds on a quiet machine, far more on a loaded one.
  it("leaves the table unchanged when a row is refused, naming the row's line and column", async () => {
    await sql("INSERT INTO people (id, name) VALUES (9999, 'Kept')");
    // Past the first batch, so rows already written are undone too (COPY writes 1,000 a batch, INSERT 5,000).
    const good = Array.from({ length: 5_500 }, (_, i) => `${i + 1},P${i + 1},1.5`).join("\n");
    const cases: Array<[string, number, string | null]> = [
      [`id,name,score\n${good}\n5501,Bad,not-a-number\n`, 5_502, "score"],
      [`id,name,score\n${good}\n5501,,1\n`, 5_502, null],
      [`id,name,score\n${good}\n1,Again,1\n`, 5_502, null],
      [`id,name,score\n1,A,1\n2,B,-5\n`, 3, null],
      [`id,name,score\n1,"two\nlines",1\n2,B,1e99\n`, 4, "score"],
    ];
    for (const [csv, line, column] of cases) {
      const answer = await upload(mapping(["id", "name", "score"]), csv);
      expect([answer.status, answer.error?.code, answer.error?.details?.line]).toEqual([
        400,
        "IMPORT_ROW_REJECTED",
        line,
      ]);
      if (column) expect(answer.error?.details?.column).toBe(column);
      expect(answer.error?.message).toContain(`Line ${line}`);
      expect(await peopleIds()).toEqual([9999]);
    }
    await sql("DELETE FROM people");
  }, 120_000);

  // Retrying each row of a failed batch alone, and undone, could not fail on a key that is only
  // repeated within the batch: the error named the batch's first row (line 2).
  it("names the line that repeats a key and the line it repeats, or the row already in the table", async () => {
    await sql("INSERT INTO people (id, name) VALUES (40, 'Kept')");
    const repeated = await upload(mapping(["id", "name"]), "id,name\n1,A\n2,B\n3,C\n4,D\n03,Again\n5,E\n");
    expect([repeated.status, repeated.error?.code, repeated.error?.details]).toEqual([
      400,
      "IMPORT_ROW_REJECTED",
      expect.objectContaining({ line: 6, duplicateOf: 4, sqlState: "23505" }),
    ]);
    expect(repeated.error?.message).toBe("Line 6 repeats the key of line 4; nothing was imported.");
    const existing = await upload(mapping(["id", "name"]), "id,name\n1,A\n40,Twice\n");
    expect([existing.status, existing.error?.details]).toEqual([
      400,
      expect.objectContaining({ line: 3, existingKey: "id = 40", sqlState: "23505" }),
    ]);
    expect(existing.error?.details).not.toHaveProperty("duplicateOf");
    // Past a batch (1,000 rows a COPY write, 5,000 an INSERT): the earlier line is still named.
    const many = Array.from({ length: 5_200 }, (_, i) => `${i + 100},P${i}`).join("\n");
    const far = await upload(mapping(["id", "name"]), `id,name\n${many}\n150,Far\n`);
    expect([far.status, far.error?.details]).toEqual([400, expect.objectContaining({ line: 5_202, duplicateOf: 52 })]);
    expect(await peopleIds()).toEqual([40]);
    await sql("DELETE FROM people");
  }, 120_000);

  it("refuses malformed CSV, a wrong mapping and what is not a table, writing nothing", async () => {
    const malformed = [
      ["id,name\n1,A\n2,B,extra\n", 3],
      ['id,name\n1,A\n2,"B\n', 3],
      ['id,name\n1,A"x\n', null],
    ] as const;
    for (const [csv, line] of malformed) {
      const answer = await upload(mapping(["id", "name"]), csv);
      expect([answer.status, answer.error?.code]).toEqual([400, "IMPORT_CSV_MALFORMED"]);
      if (line) expect(answer.error?.details?.line).toBe(line);
    }
    const cases: Array<[string, string, number, string]> = [
      [mapping(["id"]), "id,name\n1,A\n", 400, "IMPORT_MAPPING_INVALID"],
      [mapping([null, null]), "id,name\n1,A\n", 400, "IMPORT_MAPPING_INVALID"],
      [mapping(["id", "id"]), "id,name\n1,A\n", 400, "IMPORT_MAPPING_INVALID"],
      [mapping(["id", "slug"]), "id,name\n1,A\n", 400, "IMPORT_MAPPING_INVALID"],
      [mapping(["id", 'name"; DROP TABLE people; --']), "id,name\n1,A\n", 400, "COLUMN_NOT_FOUND"],
      [
        `table/people_view?mapping=${encodeURIComponent('["id","name"]')}`,
        "id,name\n1,A\n",
        400,
        "IMPORT_MAPPING_INVALID",
      ],
      [`table/nope?mapping=${encodeURIComponent('["id"]')}`, "id\n1\n", 404, "TABLE_NOT_FOUND"],
      [mapping(["id", "name"]), "id,name\n", 400, "IMPORT_CSV_EMPTY"],
      [mapping(["id", "name"]), "", 400, "IMPORT_CSV_EMPTY"],
      ["table/people?mapping=%5B", "id\n1\n", 400, "SCHEMA_ERROR"],
    ];
    for (const [path, csv, status, code] of cases) {
      const answer = await upload(path, csv);
      expect([path, answer.status, answer.error?.code]).toEqual([path, status, code]);
    }
    expect(await peopleIds()).toEqual([]);
  });

  it("reads a file larger than the body limit as a stream", async () => {
    const encoder = new TextEncoder();
    let sent = 0;
    const total = 60_000;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(encoder.encode("id,name,note\n"));
        if (sent >= total) {
          controller.close();
          return;
        }
        const lines: string[] = [];
        for (let i = 0; i < 5_000; i++, sent++) lines.push(`${sent + 1},Name ${sent + 1},${"x".repeat(20)}`);
        controller.enqueue(encoder.encode(`${lines.join("\n")}\n`));
      },
    });
    const answer = await upload(mapping(["id", "name", "note"]), body);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data?.rows).toBe(total);
    expect(await sql("SELECT count(*)::int, max(id) FROM people")).toEqual([[total, total]]);
    await sql("DELETE FROM people");
  });

  it("is the owner's only", async () => {
    const answer = await upload(mapping(["id", "name"]), "id,name\n1,A\n", bob.accessToken);
    expect([answer.status, answer.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
    const anonymous = await server.request(`/api/v1/db/${dbId}/import/${mapping(["id", "name"])}`, {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: "id,name\n1,A\n",
    });
    expect(anonymous.status).toBe(401);
    expect(await peopleIds()).toEqual([]);
  });
});

describe("into a new table", () => {
  const newTable = (name: string, columns: unknown, extra = "") =>
    `new-table?tableName=${encodeURIComponent(name)}&columns=${encodeURIComponent(JSON.stringify(columns))}${extra}`;

  it("creates the table with the chosen types and fills it, names quoted", async () => {
    const name = 'New "odd" table';
    const answer = await upload(
      newTable(name, [
        { name: "Id", type: "bigint" },
        { name: "when", type: "date" },
        { name: "ok", type: "boolean" },
        { name: "data", type: "jsonb" },
      ]),
      'id,when,ok,data\n1,2024-01-01,true,"{""a"":1}"\n2,,no,\n',
    );
    expect(answer.status, answer.text).toBe(201);
    expect(answer.data).toMatchObject({ rows: 2, created: true, tableName: name });
    expect(await sql(`SELECT "Id", "when"::text, ok, data FROM "New ""odd"" table" ORDER BY 1`)).toEqual([
      ["1", "2024-01-01", true, { a: 1 }],
      ["2", null, false, null],
    ]);
  });

  // The export writes timestamptz as PostgreSQL prints it (`+00`, a zone of hours alone), which
  // the type guess once took for text.
  it("takes the console's own CSV export back as a new table with the same types and rows", async () => {
    await sql(`CREATE TABLE trip (n bigint, at timestamptz, day date, amount numeric, ok boolean, doc jsonb,
        token uuid, note text);
      INSERT INTO trip VALUES
        (9007199254740993, '2024-01-02 10:00:00.123456+05:30', '2024-01-02', 12.50, true, '{"k": [1, "two"]}',
         '00000000-0000-0000-0000-000000000001', 'comma, "quote" and
newline'),
        (-1, '1999-12-31 23:59:59+00', '1999-12-31', -0.001, false, '[]', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', ''),
        (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);`);
    const exported = await api(server, alice.accessToken, "GET", `/db/${dbId}/export/table/trip?format=csv`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.text).toContain("2024-01-02 04:30:00.123456+00");
    const previewed = await api<ImportPreview>(server, alice.accessToken, "POST", `/db/${dbId}/import/preview`, {
      sample: exported.text,
    });
    expect(previewed.status, previewed.text).toBe(200);
    const { columns } = importPreviewSchema.parse(previewed.data);
    expect(columns.map((c) => c.type)).toEqual([
      "bigint",
      "timestamptz",
      "date",
      "numeric",
      "boolean",
      "jsonb",
      "uuid",
      "text",
    ]);
    const answer = await upload(newTable("trip_back", columns), exported.text);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.data?.rows).toBe(3);
    const types = (table: string) =>
      sql(`SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
        WHERE attrelid = 'public.${table}'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`);
    expect(await types("trip_back")).toEqual(await types("trip"));
    expect(
      await sql(`SELECT (SELECT count(*)::int FROM (SELECT * FROM trip EXCEPT ALL SELECT * FROM trip_back) a),
        (SELECT count(*)::int FROM (SELECT * FROM trip_back EXCEPT ALL SELECT * FROM trip) b)`),
    ).toEqual([[0, 0]]);
  });

  it("creates nothing when a row is refused, the table exists, or a type is not allowed", async () => {
    const bad = await upload(newTable("t_bad", [{ name: "n", type: "bigint" }]), "n\n1\n2\nthree\n");
    expect([bad.status, bad.error?.code, bad.error?.details?.line]).toEqual([400, "IMPORT_ROW_REJECTED", 4]);
    expect(await sql("SELECT count(*)::int FROM pg_class WHERE relname = 't_bad'")).toEqual([[0]]);
    const exists = await upload(newTable("people", [{ name: "n", type: "text" }]), "n\n1\n");
    expect([exists.status, exists.error?.code]).toEqual([409, "TABLE_EXISTS"]);
    const type = await upload(newTable("t_type", [{ name: "n", type: "text; DROP TABLE people" }]), "n\n1\n");
    expect([type.status, type.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const same = await upload(
      newTable("t_same", [
        { name: "n", type: "text" },
        { name: "n", type: "text" },
      ]),
      "a,b\n1,2\n",
    );
    expect([same.status, same.error?.code]).toEqual([400, "IMPORT_MAPPING_INVALID"]);
    const schema = await upload(newTable("t", [{ name: "n", type: "text" }], "&schemaName=nope"), "n\n1\n");
    expect([schema.status, schema.error?.code]).toEqual([404, "SCHEMA_NOT_FOUND"]);
    expect(await sql("SELECT count(*)::int FROM people")).toEqual([[0]]);
  });
});
