import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionManager, type DatabaseRef } from "../../server/api/lib/databases/connections.ts";
import { dumpPglite } from "../../server/api/lib/transfer/pglite-dump.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createOutboundPolicy, parseOutboundAllow } from "../../server/lib/outbound.ts";
import { postgresReachable, TEST_POSTGRES_URL } from "../helpers/postgres.ts";
import { NEEDS_POSTGRES_SERVER, PGLITE_ONLY } from "../helpers/reasoned-skips.mjs";
import { seedPgliteTemplate, testStoreKind } from "../helpers/test-server.ts";

// The streamed SQL dump of a managed PGlite database reads a copy of its files taken while the
// database ran no statement (ConnectionManager.snapshotPglite): a transaction still open at that
// moment is in it not at all, one committed before entirely, and the database serves on while
// the dump is read. Also: the file loads into PostgreSQL with psql.
const kind = testStoreKind();
const scratch = mkdtempSync(join(tmpdir(), "appconsole-pglite-dump-"));
const logger = createLogger({ level: "silent" });
let connections: ConnectionManager;
let ref: DatabaseRef;
const postgresProblem = kind === "pglite" ? await postgresReachable() : null;

beforeAll(async () => {
  if (kind !== "pglite") return;
  await seedPgliteTemplate(scratch);
  connections = new ConnectionManager({
    dataDir: scratch,
    logger,
    outbound: createOutboundPolicy(parseOutboundAllow(undefined)),
  });
  const id = randomUUID();
  const { location } = await connections.createManaged(id);
  ref = { id, engine: "pglite", kind: "managed", location, credentials: async () => ({}) };
  await connections.use(ref, (target) =>
    target.pool.query(`
      CREATE TABLE pair_a (id int PRIMARY KEY, note text);
      CREATE TABLE pair_b (id int PRIMARY KEY REFERENCES pair_a (id), at timestamptz, amount numeric(10, 2));
      INSERT INTO pair_a SELECT g, E'row\\t' || g FROM generate_series(1, 20000) g;
      INSERT INTO pair_b SELECT g, '2026-01-01T00:00:00Z'::timestamptz + g * interval '1 minute', g / 3.0
        FROM generate_series(1, 20000) g;`),
  );
}, 120_000);

afterAll(async () => {
  await connections?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The dump as a reader takes it, and the reader. */
async function startDump() {
  const { release } = await connections.acquire(ref);
  const body = await dumpPglite({
    snapshot: () => connections.snapshotPglite(ref),
    schemaOnly: false,
    onFinish: release,
    logger,
  });
  return body.getReader();
}

async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>, first = ""): Promise<string> {
  const decoder = new TextDecoder();
  let text = first;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

/** The rows of one COPY block of the dump. */
function copyRows(sql: string, table: string): string[] {
  const start = sql.indexOf(`COPY public.${table} `);
  expect(start).toBeGreaterThan(-1);
  const body = sql.slice(sql.indexOf("\n", start) + 1, sql.indexOf("\n\\.\n", start));
  return body === "" ? [] : body.split("\n");
}

describe.runIf(kind === "pglite")(`a PGlite SQL dump from a snapshot ${PGLITE_ONLY}`, { timeout: 120_000 }, () => {
  it("leaves out a transaction still open at the snapshot, all of it, and the database serves during the dump", async () => {
    const { target, release } = await connections.acquire(ref);
    const client = await target.connect();
    try {
      // Written in both tables, not committed when the dump takes its copy.
      await client.query("BEGIN");
      await client.query("INSERT INTO pair_a VALUES (20001, 'open')");
      await client.query("INSERT INTO pair_b VALUES (20001, now(), 1)");
      await client.query("UPDATE pair_a SET note = 'changed' WHERE id = 1");
      const reader = await startDump();
      await client.query("COMMIT");
      // The dump is still being read: the database answers (it is not held for the dump).
      const first = new TextDecoder().decode((await reader.read()).value);
      expect((await client.query("SELECT count(*)::int AS n FROM pair_b")).rows).toEqual([{ n: 20001 }]);
      await client.query("INSERT INTO pair_a VALUES (20002, 'after')");
      const sql = await readRest(reader, first);
      const a = copyRows(sql, "pair_a");
      const b = copyRows(sql, "pair_b");
      expect([a.length, b.length]).toEqual([20000, 20000]);
      expect(a[0]).toBe("1\trow\\t1");
      expect(sql).not.toMatch(/\topen$|\tchanged$|\tafter$/m);
    } finally {
      client.release();
      release();
    }
  });

  it("takes in a transaction committed before it, all of it, and removes its copy afterwards", async () => {
    await connections.use(ref, (target) =>
      target.pool.query("BEGIN; DELETE FROM pair_b WHERE id > 19990; DELETE FROM pair_a WHERE id > 19990; COMMIT"),
    );
    const sql = await readRest(await startDump());
    expect([copyRows(sql, "pair_a").length, copyRows(sql, "pair_b").length]).toEqual([19990, 19990]);
    // The copy goes once the dump's thread has ended: wait for that, not for a time.
    await expect.poll(() => readdirSync(join(scratch, "dump-snapshots")), { timeout: 10_000 }).toEqual([]);
  });

  it("removes its copy when the reader goes away mid-dump", async () => {
    const reader = await startDump();
    await reader.read();
    await reader.cancel();
    const snapshots = join(scratch, "dump-snapshots");
    // The copy goes once the dump's thread has ended: wait for that, not for a time.
    await expect.poll(() => readdirSync(snapshots), { timeout: 10_000 }).toEqual([]);
  });

  it.skipIf(postgresProblem)(
    `writes a file psql loads into PostgreSQL, rows and keys ${NEEDS_POSTGRES_SERVER}`,
    async () => {
      const sql = await readRest(await startDump());
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      const name = `dump_${randomUUID().replaceAll("-", "")}`;
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(TEST_POSTGRES_URL);
        url.pathname = `/${name}`;
        const loaded = spawnSync("psql", ["-X", "-q", "-d", url.toString()], {
          input: sql,
          encoding: "utf8",
        });
        // pg_dump 18's header sets transaction_timeout, which PostgreSQL 15 does not know: its only error.
        const errors = loaded.stderr.split("\n").filter((line) => line.includes("ERROR"));
        expect(errors.filter((line) => !line.includes('"transaction_timeout"'))).toEqual([]);
        const copy = new pg.Client({ connectionString: url.toString() });
        await copy.connect();
        try {
          const summary = `SELECT (SELECT count(*)::int FROM pair_a), (SELECT md5(string_agg(a::text, '|' ORDER BY id)) FROM pair_a a),
                                (SELECT md5(string_agg(b::text, '|' ORDER BY id)) FROM pair_b b),
                                (SELECT count(*)::int FROM pg_constraint WHERE contype IN ('p', 'f'))`;
          const live = await connections.use(ref, (target) =>
            target.pool.query({ text: `SET TIME ZONE 'UTC'; ${summary}`, rowMode: "array" }),
          );
          await copy.query("SET TIME ZONE 'UTC'");
          const loadedRows = (await copy.query({ text: summary, rowMode: "array" })).rows;
          expect(loadedRows).toEqual((live as unknown as pg.QueryResult[])[1]?.rows);
        } finally {
          await copy.end();
        }
      } finally {
        await admin.query(`DROP DATABASE ${name}`);
        await admin.end();
      }
    },
  );
});
