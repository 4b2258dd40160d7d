import type pg from "pg";
import Cursor from "pg-cursor";
import type { ExportFormat } from "../../../contract/db-export.ts";
import type { Logger } from "../../../lib/logger.ts";
import { apiError } from "../core/api-error.ts";
import type { DatabaseTarget } from "../databases/connections.ts";
import { databaseQueryFailed } from "../databases/database-errors.ts";
import { wireTypes } from "../databases/sql-values.ts";
import { explainFilterValueError, isDataException, type TypedValue } from "../tables/table-filter.ts";
import { type ExportColumn, exportWriter } from "./export-formats.ts";

/**
 * Rows per read at most. The server's young generation is 2 x 4 MiB (npm
 * start's flag): a batch whose rows and formatting allocate more than that outlives two scavenges,
 * is promoted to the old generation, and collects only at the next full collection. At 2,000 and
 * 1,000 rows of a five-column table a 1M-row export on PGlite grew the server by 50-90 MiB; at 500
 * by under 3 MiB, in the same time (docs/benchmarks.md, "Export memory after other exports").
 */
const MAX_BATCH_ROWS = 500;
/** The formatted text a batch aims at, so wide rows come in fewer per read (the same memory per batch). */
const BATCH_TEXT_CHARS = 64 * 1024;
/** The first read, before the rows' width is known: small, so a table of wide rows starts small too. */
const FIRST_BATCH_ROWS = 50;

/** The next read's size, from the last batch's rows and the length of its formatted text. */
export function nextBatchRows(rows: number, chars: number): number {
  if (rows === 0 || chars === 0) return MAX_BATCH_ROWS;
  return Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor((BATCH_TEXT_CHARS * rows) / chars)));
}

/** Every value as PostgreSQL's text output, exactly as COPY would write it. */
// pg's type describes getTypeParser's overloads, which this single function satisfies.
const textTypes = { getTypeParser: () => (text: string) => text } as unknown as pg.CustomTypesConfig;

interface CursorInternals {
  _result?: { fields?: Array<{ name: string; dataTypeID: number }> };
}

export interface ExportSource {
  sql: string;
  params: unknown[];
  /** The filter's typed values, to name the one PostgreSQL refuses. */
  typed?: readonly TypedValue[];
  format: ExportFormat;
  /** Quoted table name the SQL format inserts into. */
  insertTarget: string;
  /** Longest a single read may take (the statement's first rows included) before it is stopped. */
  timeoutMs: number;
}

/**
 * Opens an export: a read-only transaction and a cursor over `source.sql`, whose first batch is
 * read before anything is answered, so that a bad query or filter value is a plain error answer.
 * The answer is then a pull stream: each read of the HTTP response reads the next batch, so the
 * server holds one batch whatever the size of the result and a slow reader slows the cursor down.
 * A failure midway errors the stream, which breaks the connection: the download is marked failed
 * rather than ending short as if complete. A reader who goes away closes the cursor.
 *
 * statement_timeout would count the cursor's whole life (it runs until Sync), ending long exports;
 * each read is timed here instead, by the server's statement limit.
 */
export async function openExport(
  target: DatabaseTarget,
  source: ExportSource,
  onFinish: () => void,
  logger: Logger,
): Promise<ReadableStream<Uint8Array>> {
  const client = await target.connect();
  let broken = false;
  const onError = () => {
    broken = true;
  };
  client.on("error", onError);
  let timedOut = false;
  /** A cursor that failed has ended on the server; closing it would wait for an answer that never comes. */
  let cursorFailed = false;
  const timed = async <T>(work: Promise<T>): Promise<T> => {
    const timer = setTimeout(() => {
      timedOut = true;
      // A failed interrupt leaves the statement to its own statement_timeout; the export ends as timed out.
      void target.interrupt(client).catch(() => undefined);
    }, source.timeoutMs);
    try {
      return await work;
    } catch (error) {
      cursorFailed = true;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  let cursor: Cursor | null = null;
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    // Clean-up: the ROLLBACK below ends the cursor in any case.
    if (cursor && !broken && !cursorFailed) await cursor.close().catch(() => undefined);
    const ended = broken
      ? false
      : await client.query("ROLLBACK").then(
          () => true,
          () => false,
        );
    client.off("error", onError);
    client.release(!ended);
    onFinish();
  };

  let first: unknown[][];
  let columns: ExportColumn[];
  try {
    await client.query("BEGIN READ ONLY; SET LOCAL statement_timeout = 0");
    const wantsJson = source.format === "json";
    cursor = client.query(
      new Cursor(source.sql, source.params, { rowMode: "array", types: wantsJson ? wireTypes : textTypes }),
    );
    first = (await timed(cursor.read(FIRST_BATCH_ROWS))) as unknown[][];
    const fields = (cursor as unknown as CursorInternals)._result?.fields ?? []; // pg-cursor keeps the fields here, untyped
    columns = fields.map((f) => ({ name: f.name, typeOid: f.dataTypeID }));
  } catch (error) {
    const answer = await failure(client, error, source, timedOut, broken);
    await finish();
    throw answer;
  }
  if (columns.length === 0) {
    await finish();
    throw apiError("EXPORT_NO_ROWS", "The statement returns no rows to export (it is not a query).");
  }

  const writer = exportWriter(source.format, columns, source.insertTarget);
  const encoder = new TextEncoder();
  let pending: unknown[][] | null = first;
  let headSent = false;
  const open = cursor;
  let reading: Promise<void> | null = null;
  let cancelled = false;
  let batchRows = MAX_BATCH_ROWS;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        reading = pullOnce(controller).finally(() => {
          reading = null;
        });
        return reading;
      },
      async cancel() {
        // The reader went away: a read in progress finishes first (a cursor cannot close mid-read).
        cancelled = true;
        if (!reading) await finish();
      },
    },
    // One batch at a time: the next is read only when the connection has taken this one.
    { highWaterMark: 0 },
  );

  async function pullOnce(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    try {
      let text = "";
      if (!headSent) {
        headSent = true;
        text += writer.head();
      }
      const batch = pending ?? ((await timed(open.read(batchRows))) as unknown[][]);
      pending = null;
      if (cancelled) {
        await finish();
        return;
      }
      if (batch.length > 0) {
        const rows = writer.rows(batch);
        batchRows = nextBatchRows(batch.length, rows.length);
        text += rows;
      }
      if (batch.length === 0) {
        text += writer.tail();
        if (text) controller.enqueue(encoder.encode(text));
        await finish();
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(text));
    } catch (error) {
      await finish();
      if (cancelled) return;
      // The log keeps the SQLSTATE, not the message (it can quote the data); the connection breaks.
      logger.warn({ sqlState: (error as { code?: string }).code ?? null }, "export stopped midway");
      controller.error(new Error("the export stopped midway"));
    }
  }
}

async function failure(
  client: pg.PoolClient,
  error: unknown,
  source: ExportSource,
  timedOut: boolean,
  broken: boolean,
): Promise<Error> {
  if (timedOut) {
    return apiError("DATABASE_QUERY_FAILED", `The query took longer than ${source.timeoutMs} ms and was stopped.`, {
      sqlState: "57014",
      timeoutMs: source.timeoutMs,
    });
  }
  if (!broken && isDataException(error) && source.typed?.length) {
    // Clean-up before the explaining query; a session that cannot roll back fails that query, which is reported.
    await client.query("ROLLBACK").catch(() => undefined);
    return explainFilterValueError(client, source.typed, error);
  }
  if ((error as { status?: number }).status) return error as Error;
  return databaseQueryFailed(error);
}
