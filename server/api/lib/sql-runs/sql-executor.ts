import { randomUUID } from "node:crypto";
import type pg from "pg";
import Cursor from "pg-cursor";
import type { SqlColumn, SqlError } from "../../../contract/sql.ts";
import type { SqlStatement } from "../../../sql/pg-statements.ts";
import type { DatabaseTarget } from "../databases/connections.ts";
import { wireTypes } from "../databases/sql-values.ts";
import { knownTypeNames, lookUpTypeNames, preloadTypeNames } from "../databases/type-names.ts";

/** The first read is small so the first rows leave quickly; later ones are large to be quick overall. */
const FIRST_BATCH_ROWS = 50;
const BATCH_ROWS = 2_000;
/** A second cap, on the text size of returned values, so a few huge rows cannot exhaust memory. */
export const SQL_MAX_RESULT_BYTES = 32 * 1024 * 1024;

export interface ExecuteOptions {
  maxRows: number;
  timeoutMs: number;
  readOnly: boolean;
  /** Runs every statement inside one READ ONLY transaction, rolled back at the end (a team viewer's SQL). */
  readOnlyTransaction?: boolean;
  executionId?: string;
}

/**
 * Where a run reports its results while it goes: a result opens (with its columns when their type
 * names are known up front), its rows follow in batches, and it closes with its counts. Results are
 * never held whole in memory.
 */
export interface ExecuteSink {
  resultStart(start: { statement: string; columns: SqlColumn[] | null }): Promise<void>;
  rows(batch: unknown[][]): Promise<void>;
  /** `columns` is set when resultStart had none (a type first seen in this result). */
  resultEnd(end: {
    columns: SqlColumn[] | null;
    rowCount: number | null;
    command: string;
    durationMs: number;
    truncated: boolean;
  }): Promise<void>;
}

export interface Execution {
  executionId: string;
  readOnly: boolean;
  /** Stops the run: the running statement is interrupted and no further one starts. */
  stop(reason: "cancel" | "timeout"): Promise<void>;
  /** Runs the statements one by one; resolves with the error that ended the run, or null. */
  run(sink: ExecuteSink): Promise<SqlError | null>;
}

interface CursorInternals {
  _result?: { fields?: Array<{ name: string; dataTypeID: number }>; command?: string | null; rowCount?: number | null };
}

const guarded = new WeakSet<pg.PoolClient>();

/**
 * Prepares a run of statements already split (splitForExecution) and takes a connection, which is
 * where an unreachable database fails (before anything is answered). The run then executes statement by statement on that one
 * connection, stopping at the first error, and rolls back a transaction the SQL leaves open.
 */
export async function startExecution(
  target: DatabaseTarget,
  statements: SqlStatement[],
  options: ExecuteOptions,
): Promise<Execution> {
  const client = await target.connect();
  let stopped: "cancel" | "timeout" | null = null;
  let broken = false;
  let finished = false;
  const onError = () => {
    broken = true;
  };
  client.on("error", onError);
  if (!guarded.has(client)) {
    // A connection can fail after the run let go of it (a PGlite thread terminated, a backend
    // killed): one lasting listener per connection keeps that from being an unhandled 'error'.
    client.on("error", () => undefined);
    guarded.add(client);
  }
  // On PGlite a stop ends the database's thread, and a statement in flight on its socket does not
  // always hear of it (a cursor between round trips waits forever): the run stops waiting instead.
  let abandon: (error: Error) => void = () => undefined;
  const abandoned = new Promise<never>((_, reject) => {
    abandon = reject;
  });
  // Handled where it is raced (unlessStopped); this only keeps it from counting as unhandled meanwhile.
  abandoned.catch(() => undefined);
  const unlessStopped = <T>(work: Promise<T>): Promise<T> =>
    target.honoursStatementTimeout ? work : Promise.race([work, abandoned]);
  const stop = async (reason: "cancel" | "timeout") => {
    stopped ??= reason;
    // PostgreSQL ignores a cancel that lands while the backend is between statements, so repeat it
    // until the run ends; the loop below also refuses to start another statement once stopped.
    for (let attempt = 0; attempt < 50 && !finished && !broken; attempt++) {
      await target.interrupt(client);
      if (!target.honoursStatementTimeout) {
        abandon(new Error("Connection terminated: the run was stopped"));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const run = async (sink: ExecuteSink): Promise<SqlError | null> => {
    let error: SqlError | null = null;
    // PGlite ignores statement_timeout, so each statement gets a timer of its own here, set from the
    // session's statement_timeout as the statement starts (the SQL may have changed it, as on
    // PostgreSQL: SET, SET LOCAL, RESET, set_config; 0 means no limit).
    let timer: NodeJS.Timeout | null = null;
    try {
      const readOnly = options.readOnly || options.readOnlyTransaction === true;
      const settings = `SET statement_timeout = ${Math.floor(options.timeoutMs)}; SET default_transaction_read_only = ${readOnly ? "on" : "off"}${options.readOnlyTransaction ? "; BEGIN READ ONLY" : ""}`;
      // A cancel can land on this first round trip too; then it is the first statement that was stopped.
      await unlessStopped(client.query(settings)).catch((cause: unknown) => {
        error = toSqlError(cause, 0, 0, stopped);
      });
      // Type names only label the result's columns; without them the columns show their type ids.
      if (!error) await unlessStopped(preloadTypeNames(target, client)).catch(() => undefined);
      for (const [index, statement] of error ? [] : statements.entries()) {
        if (stopped) {
          error = toSqlError(null, index, statement.offset, stopped);
          break;
        }
        try {
          if (!target.honoursStatementTimeout) {
            const limit = await unlessStopped(sessionStatementTimeout(client));
            if (limit > 0) timer = setTimeout(() => void stop("timeout"), limit);
          }
          await unlessStopped(runStatement(client, target, statement.text, options.maxRows, sink, () => broken));
          if (timer) clearTimeout(timer);
          timer = null;
        } catch (cause) {
          error = toSqlError(cause, index, statement.offset, stopped);
          break;
        }
      }
    } finally {
      finished = true;
      if (timer) clearTimeout(timer);
      client.off("error", onError);
      // A stopped PGlite run ended its database's thread (timeout or cancel alike): the session is
      // gone, and a ROLLBACK on its closed socket would wait forever.
      if (broken || (stopped !== null && !target.honoursStatementTimeout)) {
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
    return error;
  };

  return { executionId: options.executionId ?? randomUUID(), readOnly: options.readOnly, stop, run };
}

/** Longest time a timer may wait (setTimeout's limit); statement_timeout's own maximum is the same. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const TIMEOUT_UNITS: Record<string, number> = { ms: 1, s: 1_000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** The session's statement_timeout in milliseconds (0: none), from SHOW's text such as `1s` or `1500ms`. */
async function sessionStatementTimeout(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ statement_timeout: string }>("SHOW statement_timeout");
  const match = /^(\d+)\s*(ms|s|min|h|d)?$/.exec(rows[0]?.statement_timeout?.trim() ?? "");
  if (!match) throw new Error(`unexpected statement_timeout: ${rows[0]?.statement_timeout}`);
  return Math.min(MAX_TIMER_MS, Number(match[1]) * (TIMEOUT_UNITS[match[2] ?? "ms"] ?? 1));
}

async function runStatement(
  client: pg.PoolClient,
  target: DatabaseTarget,
  text: string,
  maxRows: number,
  sink: ExecuteSink,
  connectionLost: () => boolean,
): Promise<void> {
  const started = performance.now();
  const cursor = client.query(new Cursor(text, undefined, { rowMode: "array", types: wireTypes }));
  const internals = cursor as unknown as CursorInternals; // pg-cursor keeps the fields and command tag here
  let sent = 0;
  let truncated = false;
  let bytes = 0;
  let columns: SqlColumn[] | null = null;
  try {
    let batch = (await cursor.read(Math.min(FIRST_BATCH_ROWS, maxRows + 1))) as unknown[][];
    const fields = internals._result?.fields ?? [];
    const names = knownTypeNames(
      target,
      fields.map((f) => f.dataTypeID),
    );
    if (names) columns = fields.map((f) => ({ name: f.name, type: names.get(f.dataTypeID) ?? String(f.dataTypeID) }));
    await sink.resultStart({ statement: text.trim(), columns });
    for (;;) {
      const accepted: unknown[][] = [];
      for (const row of batch) {
        if (sent + accepted.length >= maxRows || bytes > SQL_MAX_RESULT_BYTES) {
          truncated = true;
          break;
        }
        accepted.push(row);
        for (const value of row) bytes += typeof value === "string" ? value.length : 8;
      }
      if (accepted.length > 0) await sink.rows(accepted);
      sent += accepted.length;
      if (truncated || batch.length === 0) break;
      batch = (await cursor.read(Math.min(BATCH_ROWS, maxRows + 1 - sent))) as unknown[][];
    }
  } finally {
    // Closing waits for the server's answer, which a dead connection never sends.
    if (!connectionLost()) await cursor.close().catch(() => undefined);
  }
  const result = internals._result;
  let lateColumns: SqlColumn[] | null = null;
  if (!columns) {
    const fields = result?.fields ?? [];
    const names = await lookUpTypeNames(
      target,
      client,
      fields.map((f) => f.dataTypeID),
    );
    lateColumns = fields.map((f) => ({ name: f.name, type: names.get(f.dataTypeID) ?? String(f.dataTypeID) }));
  }
  await sink.resultEnd({
    columns: lateColumns,
    // A cursor read in several batches gets a command tag counting the last batch only, so a
    // statement that returns rows counts what was sent.
    rowCount: truncated ? null : (result?.fields?.length ?? 0) > 0 ? sent : (result?.rowCount ?? null),
    command: result?.command ?? "",
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    truncated,
  });
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
