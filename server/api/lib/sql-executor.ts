import { randomUUID } from "node:crypto";
import type pg from "pg";
import Cursor from "pg-cursor";
import type { ExecuteResponse, SqlColumn, SqlError, SqlResult } from "../../contract/sql.ts";
import type { DatabaseTarget } from "./connections.ts";
import { splitSql } from "./split-sql.ts";
import { wireTypes } from "./sql-values.ts";
import { typeNames } from "./type-names.ts";

/** Rows fetched per round trip: small enough to bound memory, large enough to be quick. */
const BATCH_ROWS = 2_000;
/** A second cap, on the text size of returned values, so a few huge rows cannot exhaust memory. */
export const SQL_MAX_RESULT_BYTES = 32 * 1024 * 1024;

export interface ExecuteOptions {
  maxRows: number;
  timeoutMs: number;
  readOnly: boolean;
  executionId?: string;
  /** Called once the statement runs on a connection, with a function that stops it. */
  onStart?: (stop: (reason: "cancel" | "timeout") => Promise<void>) => void;
}

interface CursorInternals {
  _result?: { fields?: Array<{ name: string; dataTypeID: number }>; command?: string | null; rowCount?: number | null };
}

/**
 * Runs SQL statement by statement on one connection and answers one result per statement, stopping
 * at the first error. Rows stream through a cursor and stop at the row cap, so server memory stays
 * bounded whatever a statement returns. A transaction the SQL leaves open is rolled back.
 */
export async function executeSql(
  target: DatabaseTarget,
  sql: string,
  options: ExecuteOptions,
): Promise<ExecuteResponse> {
  const executionId = options.executionId ?? randomUUID();
  const statements = await splitSql(sql);
  const results: SqlResult[] = [];
  let error: SqlError | null = null;
  const client = await target.pool.connect();
  let stopped: "cancel" | "timeout" | null = null;
  let broken = false;
  let finished = false;
  const stop = async (reason: "cancel" | "timeout") => {
    stopped ??= reason;
    // PostgreSQL ignores a cancel that lands while the backend is between statements, so repeat it
    // until the run ends; the loop below also refuses to start another statement once stopped.
    for (let attempt = 0; attempt < 50 && !finished && !broken; attempt++) {
      await target.interrupt(client);
      if (!target.honoursStatementTimeout) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  options.onStart?.(stop);
  // PGlite ignores statement_timeout, so each statement gets a timer of its own here.
  let timer: NodeJS.Timeout | null = null;
  client.on("error", () => {
    broken = true;
  });
  try {
    const settings = `SET statement_timeout = ${Math.floor(options.timeoutMs)}; SET default_transaction_read_only = ${options.readOnly ? "on" : "off"}`;
    // A cancel can land on this first round trip too; then it is the first statement that was stopped.
    await client.query(settings).catch((cause: unknown) => {
      error = toSqlError(cause, 0, 0, stopped);
    });
    for (const [index, statement] of error ? [] : statements.entries()) {
      if (stopped) {
        error = toSqlError(null, index, statement.offset, stopped);
        break;
      }
      if (!target.honoursStatementTimeout) timer = setTimeout(() => void stop("timeout"), options.timeoutMs);
      try {
        results.push(await runStatement(client, target, statement.text, options.maxRows, () => broken));
        if (timer) clearTimeout(timer);
      } catch (cause) {
        error = toSqlError(cause, index, statement.offset, stopped);
        break;
      }
    }
  } finally {
    finished = true;
    if (timer) clearTimeout(timer);
    if (broken || (stopped === "timeout" && !target.honoursStatementTimeout)) {
      client.release(true);
    } else {
      // Leave the pooled session as it was found, whatever the SQL did to it.
      const reset = await client.query("ROLLBACK; RESET ALL").then(
        () => true,
        () => false,
      );
      client.release(!reset);
    }
  }
  return { executionId, results, error, readOnly: options.readOnly };
}

async function runStatement(
  client: pg.PoolClient,
  target: DatabaseTarget,
  text: string,
  maxRows: number,
  connectionLost: () => boolean,
): Promise<SqlResult> {
  const started = performance.now();
  const cursor = client.query(new Cursor(text, undefined, { rowMode: "array", types: wireTypes }));
  const rows: unknown[][] = [];
  let truncated = false;
  let bytes = 0;
  try {
    for (;;) {
      const batch = (await cursor.read(Math.min(BATCH_ROWS, maxRows + 1 - rows.length))) as unknown[][];
      for (const row of batch) {
        if (rows.length >= maxRows || bytes > SQL_MAX_RESULT_BYTES) {
          truncated = true;
          break;
        }
        rows.push(row);
        for (const value of row) bytes += typeof value === "string" ? value.length : 8;
      }
      if (truncated || batch.length === 0) break;
    }
  } finally {
    // Closing waits for the server's answer, which a dead connection never sends.
    if (!connectionLost()) await cursor.close().catch(() => undefined);
  }
  const result = (cursor as unknown as CursorInternals)._result; // pg-cursor keeps the fields and command tag here
  const fields = result?.fields ?? [];
  const names = await typeNames(
    target,
    client,
    fields.map((f) => f.dataTypeID),
  );
  const columns: SqlColumn[] = fields.map((f) => ({
    name: f.name,
    type: names.get(f.dataTypeID) ?? String(f.dataTypeID),
  }));
  return {
    statement: text.trim(),
    columns,
    rows,
    rowCount: truncated ? null : (result?.rowCount ?? null),
    command: result?.command ?? "",
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    truncated,
  };
}

interface PgErrorFields {
  message?: string;
  code?: string;
  position?: string;
  detail?: string;
  hint?: string;
}

function toSqlError(cause: unknown, index: number, offset: number, stopped: "cancel" | "timeout" | null): SqlError {
  const e = (cause ?? {}) as PgErrorFields;
  if (stopped && e.code !== "57014") {
    // PGlite's thread was terminated: the connection died rather than answering with an error.
    return {
      message:
        stopped === "timeout"
          ? "canceling statement due to statement timeout"
          : "canceling statement due to user request",
      sqlState: "57014",
      position: null,
      statementIndex: index,
      detail: null,
      hint: null,
    };
  }
  const position = e.position ? Number(e.position) + offset : null;
  return {
    message: e.message ?? String(cause),
    sqlState: e.code ?? null,
    position: Number.isFinite(position) ? position : null,
    statementIndex: index,
    detail: e.detail ?? null,
    hint: e.hint ?? null,
  };
}
