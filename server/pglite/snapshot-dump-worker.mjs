// A managed PGlite database as plain SQL, streamed, from a private copy of its files (a snapshot
// the server took while the database ran no statement: server/api/lib/transfer/pglite-dump.ts).
// The copy is opened here, in a thread of its own, and nothing else touches it: the dump is one
// consistent state by construction, and the live database serves on meanwhile.
//
// The file is pg_dump's plain format in pg_dump's order:
//   pre-data    pglite-tools' WASM pg_dump 18, `--section=pre-data` (types, tables, functions, views)
//   table data  written here: per table, `COPY t (cols) FROM stdin;`, the rows, `\.`; the rows come
//               from `COPY (SELECT … WHERE ctid in a page range) TO STDOUT`, a batch of pages at a
//               time (a TID range scan; copy-out-reader.mjs), so no more than one batch is ever held
//   data rest   pg_dump again, `--data-only` with each of those tables' data excluded: the
//               sequences' `setval` lines and large objects, as pg_dump writes them
//   post-data   pg_dump, `--section=post-data` (keys, indexes, foreign keys, triggers)
// pgDump builds each of its parts whole in memory, but these are the schema's size, not the rows'.
// Plain JavaScript, like worker.mjs: no TypeScript loader in the thread.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { CopyOutReader, queryMessage } from "./copy-out-reader.mjs";

const { dataDir, wasmModule, startParams, schemaOnly, options, batchPages } = workerData;

/** Output chunks the server asked for ("more", one per chunk its reader has room for). */
let credit = 0;
let wake = null;
parentPort.on("message", (message) => {
  if (message?.type !== "more") return;
  credit++;
  wake?.();
});

const encoder = new TextEncoder();

// One full collection after pg_dump's runs, before the rows: what they let go of is mostly WASM
// memory outside V8's heap, which V8 weighs little when it decides to collect, so it stayed
// resident under the rows (docs/benchmarks.md). Collections while the rows go out measured no
// better: that garbage is not this thread's. `gc` from a fresh context once the flag is set (a
// worker's execArgv takes no V8 flags).
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc");

/** One piece of the file, sent once the server's reader has room for it. */
async function send(bytes) {
  if (bytes.length === 0) return;
  while (credit <= 0)
    await new Promise((resolve) => {
      wake = resolve;
    });
  credit--;
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  parentPort.postMessage({ type: "chunk", bytes: own }, [own.buffer]);
}
const sendText = (text) => send(encoder.encode(text));

const db = await PGlite.create(dataDir, { pgliteWasmModule: wasmModule, startParams, extensions: { pg_trgm } });

/**
 * One pg_dump run over this thread's PGlite. pg_dump ends without committing its REPEATABLE READ
 * transaction and leaves its settings (an empty search_path…) on PGlite's one session: both undone.
 */
async function dumpPart(args) {
  const file = await pgDump({ pg: db, args: [...options, ...args] });
  const text = await file.text();
  await db.exec("ROLLBACK; RESET ALL;").catch(() => db.exec("RESET ALL"));
  return text;
}

const TITLE = /^--\n-- PostgreSQL database dump\n--\n\n(?:\n?-- Dumped (?:from|by) [^\n]*\n)*/;
const COMPLETE = /\n--\n-- PostgreSQL database dump complete\n--\n\s*$/;
/** A part that follows another: its title and version lines go (its SETs stay: they repeat harmlessly). */
const middle = (text) => text.replace(TITLE, "").replace(COMPLETE, "\n");

/** The tables whose rows pg_dump would dump, in its order (schema, then name), and their columns. */
async function tablesWithRows() {
  const { rows } = await db.query(
    `SELECT format('%I.%I', n.nspname, c.relname) AS relation, n.nspname AS schema, c.relname AS name,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
            array(SELECT quote_ident(a.attname) FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                   ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
        AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                          AND d.objid = c.oid AND d.deptype = 'e')
      ORDER BY n.nspname COLLATE "C", c.relname COLLATE "C"`,
  );
  return rows;
}

/** pg_dump's pattern for exactly this table: quoted, so `*`, `?`, `.` and capitals are themselves. */
const exactPattern = (table) => `"${table.schema.replaceAll('"', '""')}"."${table.name.replaceAll('"', '""')}"`;

/** One table's rows as pg_dump writes them, a batch of pages at a time. */
async function dumpTable(table) {
  const list = table.columns.join(", ");
  // A table without columns still has rows (an empty line each); pg_dump then lists no columns.
  await sendText(
    `--\n-- Data for Name: ${table.name}; Type: TABLE DATA; Schema: ${table.schema}; Owner: -\n--\n\n` +
      `COPY ${table.relation} ${list ? `(${list}) ` : ""}FROM stdin;\n`,
  );
  for (let first = 0; first < table.pages; first += batchPages) {
    const last = first + batchPages;
    const rows = new CopyOutReader();
    await db.execProtocolRawStream(
      queryMessage(`COPY (SELECT ${list} FROM ONLY ${table.relation}
                    WHERE ctid >= '(${first},0)'::tid AND ctid < '(${last},0)'::tid) TO STDOUT`),
      { onRawData: (chunk) => rows.push(chunk) },
    );
    const failure = rows.error();
    if (failure) throw new Error(`${table.relation}: ${failure}`);
    rows.flush();
    for (const piece of rows.pieces) await send(piece);
  }
  await sendText("\\.\n\n\n");
}

try {
  // Every pg_dump part first (each the schema's size, or the sequences' and large objects'), so
  // that its WASM memory is gone before the rows, which go out last but for `post`.
  const pre = await dumpPart(["--section=pre-data"]);
  const post = await dumpPart(["--section=post-data"]);
  const tables = schemaOnly ? [] : await tablesWithRows();
  // Every table named, not `*.*`: a pattern would match the sequences too, whose values are wanted.
  const rest = schemaOnly
    ? ""
    : await dumpPart(["--data-only", ...tables.map((t) => `--exclude-table-data=${exactPattern(t)}`)]);
  collect();
  await sendText(pre.replace(COMPLETE, "\n"));
  for (const table of tables) await dumpTable(table);
  if (!schemaOnly) await sendText(middle(rest).replace(COMPLETE, "\n"));
  await sendText(middle(post));
  await db.close();
  parentPort.postMessage({ type: "done" });
} catch (error) {
  parentPort.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
}
