import { once } from "node:events";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { RESTORE_STATEMENT_MAX_BYTES, type RestoreResult } from "../../../contract/db-dump.ts";
import { isHttpError } from "../../../lib/errors.ts";
import { apiError } from "../core/api-error.ts";
import type { DatabaseTarget } from "../databases/connections.ts";
import { decodeCopyText } from "./copy-text.ts";
import { type ParsedStatement, parseRestoreStatement, refusedKind } from "./restore-statements.ts";
import { SqlScriptReader } from "./sql-script-reader.ts";

const q = pg.escapeIdentifier;
/** PGlite's socket takes no COPY from a client: its rows go in as INSERTs of this many values at most (smaller batches kept its thread's memory lower: docs/benchmarks.md). */
const INSERT_MAX_PARAMS = 5_000;
const INSERT_MAX_ROWS = 250;

/**
 * The user objects of a database (relations, types, routines, schemas other than public; what an
 * extension brought counts as nothing): a restore goes into a database with none, so it never
 * mixes with or replaces what is there.
 */
const OBJECTS_SQL = `
  WITH user_ns AS (
    SELECT oid FROM pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'
  ), ext AS (SELECT classid, objid FROM pg_depend WHERE deptype = 'e')
  SELECT
    (SELECT count(*) FROM pg_class c WHERE c.relnamespace IN (SELECT oid FROM user_ns)
       AND NOT EXISTS (SELECT 1 FROM ext WHERE ext.classid = 'pg_class'::regclass AND ext.objid = c.oid))
  + (SELECT count(*) FROM pg_type t WHERE t.typnamespace IN (SELECT oid FROM user_ns)
       AND t.typtype IN ('e', 'd', 'r', 'm', 'b') AND t.typcategory <> 'A'
       AND NOT EXISTS (SELECT 1 FROM ext WHERE ext.classid = 'pg_type'::regclass AND ext.objid = t.oid))
  + (SELECT count(*) FROM pg_proc p WHERE p.pronamespace IN (SELECT oid FROM user_ns)
       AND NOT EXISTS (SELECT 1 FROM ext WHERE ext.classid = 'pg_proc'::regclass AND ext.objid = p.oid))
  + (SELECT count(*) FROM pg_namespace n WHERE n.oid IN (SELECT oid FROM user_ns) AND n.nspname <> 'public'
       AND NOT EXISTS (SELECT 1 FROM ext WHERE ext.classid = 'pg_namespace'::regclass AND ext.objid = n.oid))
  AS objects`;

export interface SqlRestore {
  body: ReadableStream<Uint8Array> | null;
  maxBytes: number;
  readOnly: boolean;
}

/**
 * Runs a plain SQL file into an empty database, in one transaction: every statement or none (a
 * failure leaves the database empty again). The file streams (SqlScriptReader): one statement or
 * one COPY batch in memory at a time. Each statement is parsed first and one that would reach past
 * this database is refused (restore-statements.ts); on PostgreSQL the managed database's own role
 * bounds what the rest can do, as for the workbench. A failure names the statement's line.
 */
export async function restoreSql(target: DatabaseTarget, input: SqlRestore): Promise<RestoreResult> {
  if (input.readOnly)
    throw apiError("DATABASE_READ_ONLY", "This server runs user SQL read-only; nothing can be restored.");
  if (!input.body) throw apiError("RESTORE_NOT_SQL", "The file is empty.", { format: "binary" });
  const client = await target.connect();
  let broken = false;
  const onError = () => {
    broken = true;
  };
  client.on("error", onError);
  try {
    const objects = Number((await client.query<{ objects: string }>(OBJECTS_SQL)).rows[0]?.objects ?? 0);
    if (objects > 0) {
      throw apiError("RESTORE_NOT_EMPTY", `The database holds ${objects} objects; restore into an empty one.`, {
        objects,
      });
    }
    await client.query("BEGIN");
    const result = await run(target, client, input.body, input.maxBytes);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    // Clean-up: the restore's own error is what the caller gets; a failed ROLLBACK ends the session anyway.
    if (!broken) await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    // A dump sets the session's search_path (and more) for good: the next user of this session
    // (PGlite has one) gets the defaults back. Clean-up: a session that cannot reset fails its next user's query.
    if (!broken) await client.query("RESET ALL").catch(() => undefined);
    client.off("error", onError);
    client.release(broken);
  }
}

async function run(
  target: DatabaseTarget,
  client: pg.PoolClient,
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<RestoreResult> {
  const reader = new SqlScriptReader(body, { maxBytes, maxStatementBytes: RESTORE_STATEMENT_MAX_BYTES });
  let statements = 0;
  let rows = 0;
  let copy: CopySink | null = null;
  for await (const item of reader.items()) {
    if (item.kind === "statement") {
      const parsed = await parseRestoreStatement(item.text, item.line);
      if (!parsed) continue; // comments only
      const kind = refusedKind(parsed, target.engine);
      if (kind) {
        throw apiError("RESTORE_STATEMENT_REFUSED", `Line ${item.line}: ${kind} is not run in a restore.`, {
          line: item.line,
          kind,
        });
      }
      statements++;
      if (parsed.copyFromStdin) {
        copy = await openCopy(target, client, item.text, parsed, item.line);
        reader.startCopy();
      } else {
        await client.query(item.text).catch((error: unknown) => failed(error, item.line));
      }
    } else if (item.kind === "copyRow") {
      await copy?.row(item.text);
    } else if (copy) {
      rows += await copy.end();
      copy = null;
    }
  }
  return { statements, rows, bytes: reader.bytes };
}

function failed(error: unknown, line: number): never {
  if (isHttpError(error)) throw error;
  const reason = (error as Error).message || "The statement failed.";
  throw apiError("RESTORE_STATEMENT_FAILED", `Line ${line}: ${reason}`, {
    line,
    sqlState: (error as { code?: string }).code ?? null,
    reason,
  });
}

interface CopySink {
  row(text: string): Promise<void>;
  /** Answers the rows loaded. */
  end(): Promise<number>;
}

async function openCopy(
  target: DatabaseTarget,
  client: pg.PoolClient,
  sql: string,
  parsed: ParsedStatement,
  line: number,
): Promise<CopySink> {
  if (target.engine === "postgres") return pgCopy(client, sql, line);
  return insertCopy(client, parsed, line);
}

/** PostgreSQL: the rows go to COPY as they are, a row at a time, waiting when the socket is full. */
function pgCopy(client: pg.PoolClient, sql: string, line: number): CopySink {
  const stream = client.query(copyFrom(sql));
  let failure: unknown = null;
  stream.on("error", (error) => {
    failure = error;
  });
  return {
    async row(text) {
      if (failure) failed(failure, line);
      if (!stream.write(`${text}\n`)) await drained(stream);
    },
    async end() {
      if (failure) failed(failure, line);
      stream.end();
      try {
        await once(stream, "finish");
      } catch (error) {
        failed(error, line);
      }
      if (failure) failed(failure, line);
      return Number(stream.rowCount ?? 0);
    },
  };
}

/** Resolves when the stream takes writes again, or it failed (the next write reports that); no listener stays. */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("error", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("error", done);
  });
}

/**
 * PGlite: COPY's text rows decoded and sent as INSERTs of text parameters, which PostgreSQL casts
 * to the columns' types as COPY would.
 */
async function insertCopy(client: pg.PoolClient, parsed: ParsedStatement, line: number): Promise<CopySink> {
  const relation = parsed.copyRelation ?? "";
  let columns = parsed.copyColumns ?? [];
  if (columns.length === 0) {
    const listed = await client
      .query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0
           AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
        [relation],
      )
      .catch((error: unknown) => failed(error, line));
    columns = listed.rows.map((r) => r.name);
  }
  const width = columns.length;
  const batchRows = Math.max(1, Math.min(INSERT_MAX_ROWS, Math.floor(INSERT_MAX_PARAMS / Math.max(width, 1))));
  // COPY writes an identity column's values even when it is GENERATED ALWAYS; an INSERT must say so.
  const head = `INSERT INTO ${relation} (${columns.map(q).join(", ")}) OVERRIDING SYSTEM VALUE VALUES `;
  let batch: Array<Array<string | null>> = [];
  let loaded = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const params: Array<string | null> = [];
    const tuples = batch.map((values) => {
      const slots = values.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${slots.join(", ")})`;
    });
    await client.query(head + tuples.join(", "), params).catch((error: unknown) => failed(error, line));
    loaded += batch.length;
    batch = [];
  };
  return {
    async row(text) {
      const values = decodeCopyText(text);
      if (values.length !== width) {
        failed(new Error(`a COPY row has ${values.length} values where ${width} columns are listed`), line);
      }
      batch.push(values);
      if (batch.length >= batchRows) await flush();
    },
    async end() {
      await flush();
      return loaded;
    },
  };
}
