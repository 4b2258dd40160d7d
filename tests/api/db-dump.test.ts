import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseSchema, verifyResultSchema } from "../../server/contract/databases.ts";
import { restoreResultSchema } from "../../server/contract/db-dump.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { POSTGRES_ONLY } from "../helpers/reasoned-skips.mjs";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// A database as a plain SQL file and such a file back into an empty database, on this project's store.
let server: TestServer;
let alice: TestUser;
let mallory: TestUser;
let sourceId: string;

const SCHEMA = `
  CREATE TYPE mood AS ENUM ('happy', 'sad');
  CREATE DOMAIN positive AS integer CHECK (VALUE > 0);
  CREATE TABLE people (id serial PRIMARY KEY, name text NOT NULL, mood mood, age positive, tags text[], extra jsonb,
    score numeric(12, 4), born timestamp, nums int[]);
  CREATE TABLE notes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    person_id integer REFERENCES people (id),
    body text,
    blob bytea,
    at timestamptz DEFAULT '2026-01-01T00:00:00Z'
  );
  CREATE INDEX notes_person ON notes (person_id);
  CREATE VIEW sad_people AS SELECT id, name FROM people WHERE mood = 'sad';
  CREATE FUNCTION shout(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT upper(t) || '!' $$;
  INSERT INTO people (name, mood, age, tags, extra, score, born, nums)
    SELECT 'person ' || g, CASE WHEN g % 2 = 0 THEN 'happy' ELSE 'sad' END::mood, g, ARRAY['a', E'b\t"' || g, NULL],
      jsonb_build_object('n', g, 's', E'q"\\\\\\n'), g / 7.0, '2026-02-03 04:05:06.789'::timestamp + g * interval '1 hour',
      ARRAY[g, -g] FROM generate_series(1, 300) g;
  -- A name that needs quoting, a column too, and a generated column (left out of COPY, computed again).
  CREATE TABLE "Odd ""Name""" (id int PRIMARY KEY, "Mixed Col" text, twice int GENERATED ALWAYS AS (id * 2) STORED);
  INSERT INTO "Odd ""Name""" (id, "Mixed Col") SELECT g, 'odd ' || g FROM generate_series(1, 5) g;
  -- Sequences ahead of their rows, as after a rolled-back insert: the dump carries the value itself.
  SELECT setval('people_id_seq', 310);
  INSERT INTO notes (person_id, body, blob) SELECT (g % 300) + 1, E'tab\\there, line\\nbreak; back\\\\slash ' || g,
    '\\x00ff'::bytea FROM generate_series(1, 500) g;
  INSERT INTO notes (person_id, body, blob) VALUES (NULL, NULL, NULL), (1, E'\\\\N is not null', '\\x');
`;

/** A download's slot is free once its thread has ended and its copy is removed (PGlite), or pg_dump has exited. */
const SLOT_WAIT = { timeout: 20_000, interval: 100 };

/** Row count and an md5 of every row in key order: two tables hold the same rows when they match. */
const CHECKSUM = `
  SELECT (SELECT count(*)::int FROM people), (SELECT md5(string_agg(p::text, '|' ORDER BY id)) FROM people p),
         (SELECT count(*)::int FROM notes), (SELECT md5(string_agg(n::text, '|' ORDER BY id)) FROM notes n),
         (SELECT count(*)::int FROM sad_people), shout('hi'),
         (SELECT md5(string_agg(o::text, '|' ORDER BY id)) FROM "Odd ""Name""" o),
         (SELECT last_value::int FROM people_id_seq), (SELECT last_value::int FROM notes_id_seq),
         (SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes WHERE schemaname = 'public'),
         (SELECT string_agg(conname, ',' ORDER BY conname) FROM pg_constraint WHERE connamespace = 'public'::regnamespace)`;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  mallory = await createTestUser(server, { verified: true });
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  sourceId = verifyResultSchema.parse(verified.data).databaseId;
  await exec(sourceId, SCHEMA);
}, 180_000);

afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

async function exec(dbId: string, sql: string) {
  const answer = await api(server, alice.accessToken, "POST", `/db/${dbId}/execute`, { sql });
  expect(answer.status, answer.text).toBe(200);
  const { results, error } = executeResponseSchema.parse(answer.data);
  expect(error, JSON.stringify(error)).toBeNull();
  return results.at(-1)?.rows ?? [];
}

async function newDatabase(name: string): Promise<string> {
  const made = await api(server, alice.accessToken, "POST", "/db", { kind: "managed", name });
  expect(made.status, made.text).toBe(201);
  return databaseSchema.parse(made.data).id;
}

function dump(dbId: string, contents: "schema" | "data", token = alice.accessToken) {
  return server.request(`/api/v1/db/${dbId}/dump?contents=${contents}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

async function restore(dbId: string, body: string | Uint8Array, token = alice.accessToken) {
  const response = await server.request(`/api/v1/db/${dbId}/restore`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/sql" },
    body: typeof body === "string" ? body : new Blob([body as Uint8Array<ArrayBuffer>]),
  });
  const text = await response.text();
  const [data, error] = JSON.parse(text) as [unknown, { code: string; details?: Record<string, unknown> } | null];
  return { status: response.status, data, error, text };
}

/** A file as pg_dump writes it (its fence, settings, COPY rows with escapes, a comment that has a `;`). */
const PG_DUMP_STYLE = `--
-- PostgreSQL database dump
--

\\restrict abc123

SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;

-- Name: kind; Type: TYPE; Schema: public; Owner: -
CREATE TYPE public.kind AS ENUM (
    'a;b',
    'c'
);

CREATE FUNCTION public.twice(x integer) RETURNS integer
    LANGUAGE plpgsql
    AS $body$
BEGIN
  RETURN x * 2; -- a semicolon inside a dollar quote
END;
$body$;

CREATE TABLE public.things (
    id integer NOT NULL,
    kind public.kind,
    label text,
    data bytea
);

COPY public.things (id, kind, label, data) FROM stdin;
1	a;b	tab\\there	\\\\x00ff
2	c	line\\nbreak and back\\\\slash	\\N
3	\\N	\\N	\\N
\\.

ALTER TABLE ONLY public.things
    ADD CONSTRAINT things_pkey PRIMARY KEY (id);

\\unrestrict abc123
`;

describe(`SQL dumps and restores (${testStoreKind()})`, { timeout: 120_000 }, () => {
  it("dumps with data and restores into a new empty database: the same rows", async () => {
    const answer = await dump(sourceId, "data");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/sql; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="default-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sql"/,
    );
    const sql = await answer.text();
    expect(sql).toContain("CREATE TYPE public.mood");
    // pg_dump's COPY blocks on both stores (PGlite's are written by pglite-dump.ts, a batch of pages at a time).
    expect(sql).toMatch(/^COPY public\.notes \(id, person_id, body, blob, at\) FROM stdin;$/m);
    expect(sql).not.toMatch(/^INSERT INTO/m);
    expect(sql).toMatch(/^SELECT pg_catalog\.setval\('public\.people_id_seq', 310, true\);$/m);
    // Keys and foreign keys after the rows, as pg_dump orders its sections.
    expect(sql.indexOf("ADD CONSTRAINT notes_person_id_fkey")).toBeGreaterThan(sql.indexOf("COPY public.notes"));
    expect(sql).not.toContain("OWNER TO");
    expect(sql).not.toMatch(/^GRANT /m);
    const copyId = await newDatabase("restored");
    const restored = await restore(copyId, sql);
    expect(restored.status, restored.text).toBe(200);
    // 802 rows of ours, and those of the tables every new database starts with.
    expect(restoreResultSchema.parse(restored.data).rows).toBeGreaterThanOrEqual(802);
    expect(await exec(copyId, CHECKSUM)).toEqual(await exec(sourceId, CHECKSUM));
    // The restored database is a working one: identities and sequences carry on after the rows.
    expect(await exec(copyId, "INSERT INTO notes (body) VALUES ('new') RETURNING id")).toEqual([["503"]]);
  });

  it("dumps the schema alone: every object, no rows", async () => {
    const answer = await dump(sourceId, "schema");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/filename="default-schema-/);
    const sql = await answer.text();
    expect(sql).not.toMatch(/COPY public\.notes|INSERT INTO public\.notes/);
    const copyId = await newDatabase("schema-only");
    const restored = await restore(copyId, sql);
    expect(restored.status, restored.text).toBe(200);
    expect(
      await exec(copyId, "SELECT (SELECT count(*)::int FROM people), (SELECT count(*)::int FROM notes), shout('x')"),
    ).toEqual([[0, 0, "X!"]]);
  });

  it("leaves the database's sessions as they were, and serves a statement sent during the dump", async () => {
    // On PGlite every connection shares one backend: pg_dump's settings (an empty search_path,
    // DateStyle ISO, extra_float_digits 3) must not reach the console's statements, during or after.
    const SETTINGS =
      "SELECT current_setting('search_path'), current_setting('DateStyle'), current_setting('extra_float_digits')";
    const before = await exec(sourceId, SETTINGS);
    const [sql, during] = await Promise.all([
      dump(sourceId, "data").then((answer) => answer.text()),
      exec(sourceId, "SELECT count(*)::int FROM people"),
    ]);
    expect(sql).toContain("CREATE TABLE public.people");
    expect(during).toEqual([[300]]);
    expect(await exec(sourceId, SETTINGS)).toEqual(before);
  });

  it("stops when the reader goes away, and the database serves on", async () => {
    const answer = await dump(sourceId, "data");
    expect(answer.status).toBe(200);
    const reader = answer.body?.getReader();
    expect((await reader?.read())?.value?.length).toBeGreaterThan(0);
    await reader?.cancel();
    expect(await exec(sourceId, "SELECT count(*)::int FROM notes")).toEqual([[502]]);
    // The download's slot is given back once the server has seen the reader go.
    await vi.waitFor(async () => {
      const again = await dump(sourceId, "schema");
      expect([again.status, (await again.text()).includes("CREATE TABLE public.notes")]).toEqual([200, true]);
    }, SLOT_WAIT);
  });

  it("runs one download of a database at a time; another database's is not held up", async () => {
    // Rows enough that the first download cannot be over before the second asks (20 MB of SQL,
    // more than the sockets between hold while nobody reads).
    const bigId = await newDatabase("big-dump");
    await exec(bigId, "CREATE TABLE big AS SELECT g AS id, repeat('x', 2000) AS pad FROM generate_series(1, 10000) g");
    const first = await dump(bigId, "data");
    expect(first.status).toBe(200);
    const reader = first.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    const second = await dump(bigId, "schema");
    expect(second.status).toBe(409);
    expect(((await second.json()) as [null, { code: string; details: unknown }])[1]).toMatchObject({
      code: "DUMP_RUNNING",
      details: { scope: "database" },
    });
    const other = await dump(sourceId, "schema");
    expect([other.status, (await other.text()).includes("CREATE TABLE public.people")]).toEqual([200, true]);
    let bytes = 0;
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) bytes += part.value.length;
    expect(bytes).toBeGreaterThan(19_000_000);
    await vi.waitFor(async () => {
      const third = await dump(bigId, "schema");
      expect([third.status, (await third.text()).includes("CREATE TABLE public.big")]).toEqual([200, true]);
    }, SLOT_WAIT);
  });

  it("restores a file as pg_dump writes it, COPY escapes and all", async () => {
    const id = await newDatabase("from-file");
    const restored = await restore(id, PG_DUMP_STYLE);
    expect(restored.status, restored.text).toBe(200);
    expect(restoreResultSchema.parse(restored.data)).toMatchObject({ rows: 3 });
    expect(
      await exec(
        id,
        "SELECT id, kind::text, label, encode(data, 'hex'), public.twice(id) FROM public.things ORDER BY id",
      ),
    ).toEqual([
      [1, "a;b", "tab\there", "00ff", 2],
      [2, "c", "line\nbreak and back\\slash", null, 4],
      [3, null, null, null, 6],
    ]);
    // The dump's session settings (an empty search_path) do not stay on the database's sessions.
    expect(await exec(id, "SELECT count(*)::int FROM things")).toEqual([[3]]);
  });

  it("loads COPY blocks larger than one batch, rows in order", async () => {
    const id = await newDatabase("many-rows");
    const rows = Array.from({ length: 1_234 }, (_, i) => `${i + 1}\trow ${i + 1}\t${i % 3 === 0 ? "\\N" : i}`);
    const file = `CREATE TABLE public.many (id int PRIMARY KEY, label text, n int);\nCOPY public.many FROM stdin;\n${rows.join("\n")}\n\\.\n`;
    const restored = await restore(id, file);
    expect(restored.status, restored.text).toBe(200);
    expect(restoreResultSchema.parse(restored.data)).toMatchObject({ statements: 2, rows: 1_234 });
    expect(await exec(id, "SELECT count(*)::int, sum(id)::int, count(n)::int, max(label) FROM public.many")).toEqual([
      [1_234, 761_995, 822, "row 999"],
    ]);
  });

  it("refuses a database that is not empty, and leaves it as it was", async () => {
    const answer = await restore(sourceId, "CREATE TABLE more (id int);");
    expect([answer.status, answer.error?.code]).toEqual([409, "RESTORE_NOT_EMPTY"]);
    expect(answer.error?.details?.objects).toBeGreaterThan(0);
    expect(await exec(sourceId, "SELECT count(*)::int FROM pg_tables WHERE tablename = 'more'")).toEqual([[0]]);
  });

  it("answers another user's database as missing, for both", async () => {
    const dumped = await api(server, mallory.accessToken, "GET", `/db/${sourceId}/dump`);
    expect([dumped.status, dumped.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
    const restored = await restore(sourceId, "SELECT 1;", mallory.accessToken);
    expect([restored.status, restored.error?.code]).toEqual([404, "DATABASE_NOT_FOUND"]);
    const bad = await api(server, alice.accessToken, "GET", `/db/${sourceId}/dump?contents=rows`);
    expect([bad.status, bad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
  });

  it("refuses what would reach past the database, naming the line, and restores nothing", async () => {
    const id = await newDatabase("hostile");
    const cases: Array<[string, string, number]> = [
      ["CREATE TABLE a (id int);\n\\connect postgres\nCREATE TABLE b (id int);\n", "\\connect", 2],
      ["\\! touch /tmp/pwned\n", "\\!", 1],
      ["CREATE TABLE a (id int);\n\n  CREATE DATABASE evil;\n", "CreatedbStmt", 3],
      ["CREATE TABLE a (id int);\nCOPY a FROM '/etc/passwd';\n", "CopyStmt (not FROM stdin)", 2],
      ["CREATE TABLE a (id int);\nCOMMIT;\nDROP TABLE a;\n", "TransactionStmt", 2],
      ["SET ROLE postgres;\n", "VariableSetStmt (role)", 1],
      ["CREATE ROLE evil SUPERUSER;\n", "CreateRoleStmt", 1],
      ["ALTER SYSTEM SET work_mem = '1GB';\n", "AlterSystemStmt", 1],
      ["CREATE EXTENSION dblink;\n", "CreateExtensionStmt (dblink)", 1],
    ];
    for (const [file, kind, line] of cases) {
      const answer = await restore(id, file);
      expect([file, answer.status, answer.error?.code, answer.error?.details]).toEqual([
        file,
        400,
        "RESTORE_STATEMENT_REFUSED",
        { line, kind },
      ]);
    }
    // Nothing of the statements before the refused one stayed: the database is still empty.
    expect(await exec(id, "SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public'")).toEqual([[0]]);
  });

  it("refuses a file that is not SQL text, and names a failing statement's line", async () => {
    const id = await newDatabase("not-sql");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const binary = await restore(id, png);
    expect([binary.status, binary.error?.code, binary.error?.details?.format]).toEqual([
      400,
      "RESTORE_NOT_SQL",
      "binary",
    ]);
    const archive = await restore(id, "PGDMP\u0001\u000e\u0000");
    expect([archive.status, archive.error?.code, archive.error?.details?.format]).toEqual([
      400,
      "RESTORE_NOT_SQL",
      "custom",
    ]);
    const prose = await restore(id, "Dear diary,\ntoday I restored a database.\n");
    expect([prose.status, prose.error?.code, prose.error?.details?.line]).toEqual([400, "RESTORE_STATEMENT_FAILED", 1]);
    const open = await restore(id, "CREATE TABLE a (id int);\nSELECT 'never closed;\n");
    expect([open.status, open.error?.code, open.error?.details]).toEqual([
      400,
      "RESTORE_NOT_SQL",
      { format: "unterminated", line: 2 },
    ]);
    const failing = await restore(
      id,
      "CREATE TABLE a (id int);\n\nINSERT INTO a VALUES (1);\nINSERT INTO missing VALUES (1);\n",
    );
    expect([
      failing.status,
      failing.error?.code,
      failing.error?.details?.line,
      failing.error?.details?.sqlState,
    ]).toEqual([400, "RESTORE_STATEMENT_FAILED", 4, "42P01"]);
    const badRow = await restore(id, "CREATE TABLE a (id int);\nCOPY a (id) FROM stdin;\n1\nnot a number\n\\.\n");
    expect([badRow.status, badRow.error?.code, badRow.error?.details?.line]).toEqual([
      400,
      "RESTORE_STATEMENT_FAILED",
      2,
    ]);
    // Every failure left the database empty: a good file still goes in.
    const good = await restore(id, "CREATE TABLE a (id int);\nCOPY a (id) FROM stdin;\n1\n2\n\\.\n");
    expect(good.status, good.text).toBe(200);
    expect(await exec(id, "SELECT sum(id)::int FROM a")).toEqual([[3]]);
  });

  it.runIf(testStoreKind() === "postgres")(
    `runs the file as the database's own role, not the cluster's ${POSTGRES_ONLY}`,
    async () => {
      const id = await newDatabase("own-role");
      const answer = await restore(id, "CREATE TABLE a (id int);\nSELECT pg_read_file('/etc/passwd');\n");
      expect([answer.status, answer.error?.code, answer.error?.details?.line, answer.error?.details?.sqlState]).toEqual(
        [400, "RESTORE_STATEMENT_FAILED", 2, "42501"],
      );
    },
  );
});
