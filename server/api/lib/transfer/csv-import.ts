import { once } from "node:events";
import { stringify } from "csv-stringify/sync";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { ImportColumnType, ImportResult } from "../../../contract/db-import.ts";
import { IMPORT_MAX_BYTES } from "../../../contract/db-import.ts";
import { apiError } from "../core/api-error.ts";
import type { DatabaseTarget } from "../databases/connections.ts";
import { databaseQueryFailed } from "../databases/database-errors.ts";
import { lookUpRelation, type RelationColumn } from "../tables/relation-columns.ts";
import { CsvReader, type CsvRecord } from "./csv-reader.ts";
import { HeldRows } from "./import-held-rows.ts";
import { findKeyClash, type KeyClash } from "./import-key-clash.ts";

const q = pg.escapeIdentifier;
/** Records per write to COPY (PostgreSQL): one batch in memory at a time. */
const BATCH_ROWS = 1_000;
/** Records per INSERT (PGlite): larger, since each is a round trip to PGlite's single backend. */
const INSERT_ROWS = 5_000;

export interface CsvImport {
  schemaName: string;
  tableName: string;
  delimiter: string;
  header: boolean;
  /** Existing table: per CSV column, the table column it fills or null. */
  mapping?: Array<string | null>;
  /** New table: one column per CSV column. */
  create?: Array<{ name: string; type: ImportColumnType }>;
  body: ReadableStream<Uint8Array> | null;
  readOnly: boolean;
  maxBytes?: number;
}

type Row = CsvRecord;

/**
 * Reads a CSV body into a table in one transaction: every row or none. The file streams through a
 * parser, a batch at a time, so memory does not grow with its size. PostgreSQL takes the rows by
 * COPY; PGlite (whose socket takes no COPY from a client) by INSERTs of a batch each, the values
 * sent as text arrays and cast by PostgreSQL to the columns' types. A refused row answers
 * IMPORT_ROW_REJECTED with its line in the file; names are looked up in the catalog and quoted.
 */
export async function importCsv(target: DatabaseTarget, input: CsvImport): Promise<ImportResult> {
  if (input.readOnly)
    throw apiError("DATABASE_READ_ONLY", "This server runs user SQL read-only; nothing can be imported.");
  if (!input.body) throw apiError("IMPORT_CSV_EMPTY", "The file is empty.");
  const client = await target.connect();
  let broken = false;
  const onError = () => {
    broken = true;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await run(target, client, input);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    // Clean-up: the import's own error is what the caller gets; a failed ROLLBACK ends the session anyway.
    if (!broken) await client.query("ROLLBACK").catch(() => undefined);
    if ((error as { status?: number }).status) throw error;
    throw databaseQueryFailed(error);
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}

async function run(target: DatabaseTarget, client: pg.PoolClient, input: CsvImport): Promise<ImportResult> {
  const { schemaName, tableName } = input;
  if (input.create) await createTable(client, schemaName, tableName, input.create);
  const relation = await lookUpRelation(client, schemaName, tableName);
  if (relation.relkind !== "r" && relation.relkind !== "p") {
    throw apiError("IMPORT_MAPPING_INVALID", `"${schemaName}.${tableName}" is not a table; only tables take imports.`, {
      problem: "notTable",
    });
  }
  const mapping = input.mapping ?? input.create?.map((c) => c.name) ?? [];
  const columns = checkMapping(relation.columns, mapping);
  const picked = mapping.flatMap((name, index) => (name === null ? [] : [index]));
  const table = `${q(schemaName)}.${q(tableName)}`;
  const into = `${table} (${columns.map((c) => q(c.name)).join(", ")})`;
  const rows = readRows(input, mapping.length);
  const useCopy = target.engine === "postgres";
  const held = new HeldRows();
  // Before the first row: a refusal undoes the rows to here, leaving the table as it was.
  await client.query("SAVEPOINT import_start");
  let count: number;
  try {
    count = useCopy
      ? await copyRows(client, into, picked, rows, held)
      : await insertRows(client, into, columns, picked, rows, held);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await client.query("ROLLBACK TO SAVEPOINT import_start");
    const { dbError: cause, row, column } = error;
    const constraint = (cause as { constraint?: string }).constraint;
    const clash =
      row && constraint && (cause as { code?: string }).code === UNIQUE_VIOLATION
        ? await findKeyClash(client, { schemaName, table, columns, picked, refused: row, held, constraint })
        : null;
    throw rowRejected(cause, error.line, column, clash);
  }
  if (count === 0) throw apiError("IMPORT_CSV_EMPTY", "The file has no rows to import.");
  return { schemaName, tableName, rows: count, method: useCopy ? "copy" : "insert", created: Boolean(input.create) };
}

async function createTable(
  client: pg.PoolClient,
  schemaName: string,
  tableName: string,
  columns: Array<{ name: string; type: ImportColumnType }>,
): Promise<void> {
  const schema = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schemaName]);
  if (schema.rowCount === 0)
    throw apiError("SCHEMA_NOT_FOUND", `Schema "${schemaName}" does not exist.`, { schema: schemaName });
  const exists = await client.query(
    "SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2",
    [schemaName, tableName],
  );
  if (exists.rowCount) {
    throw apiError("TABLE_EXISTS", `"${schemaName}.${tableName}" exists already.`, {
      schema: schemaName,
      table: tableName,
    });
  }
  const names = new Set(columns.map((c) => c.name));
  if (names.size !== columns.length) {
    throw apiError("IMPORT_MAPPING_INVALID", "Two columns of the new table have the same name.", {
      problem: "duplicateName",
    });
  }
  // The type comes from a fixed list (the contract's enum), never from the caller's text.
  await client.query(
    `CREATE TABLE ${q(schemaName)}.${q(tableName)} (${columns.map((c) => `${q(c.name)} ${c.type}`).join(", ")})`,
  );
}

function checkMapping(columns: RelationColumn[], mapping: Array<string | null>): RelationColumn[] {
  const chosen: RelationColumn[] = [];
  for (const name of mapping) {
    if (name === null) continue;
    const column = columns.find((c) => c.name === name);
    if (!column) throw apiError("COLUMN_NOT_FOUND", `Column "${name}" does not exist in the table.`, { column: name });
    if (!column.writable) {
      throw apiError("IMPORT_MAPPING_INVALID", `Column "${name}" is generated and takes no values.`, {
        column: name,
        problem: "generated",
      });
    }
    if (chosen.includes(column)) {
      throw apiError("IMPORT_MAPPING_INVALID", `Column "${name}" is filled from two CSV columns.`, {
        column: name,
        problem: "mappedTwice",
      });
    }
    chosen.push(column);
  }
  if (chosen.length === 0) {
    throw apiError("IMPORT_MAPPING_INVALID", "No CSV column is mapped to a table column.", {
      problem: "nothingMapped",
    });
  }
  return chosen;
}

/**
 * The file's data records (after the header) with the line each starts on, read from the body a
 * chunk at a time. An empty unquoted field is NULL, a quoted one (`""`) the empty string, as COPY
 * and the export read and write them. Whatever stops the import early, the rest of the body is
 * read and dropped (up to the byte limit) so the answer reaches a client still sending: browsers
 * report a connection closed mid-upload as a network error instead of showing the answer.
 */
async function* readRows(input: CsvImport, width: number): AsyncGenerator<Row> {
  const max = input.maxBytes ?? IMPORT_MAX_BYTES;
  const body = (input.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const reader = new CsvReader(input.delimiter);
  let bytes = 0;
  let first = true;
  let done = false;
  const keep = (record: CsvRecord): boolean => {
    if (!first) return true;
    first = false;
    if (record.values.length !== width) {
      throw apiError(
        "IMPORT_MAPPING_INVALID",
        `The file has ${record.values.length} columns and the mapping ${width}.`,
        {
          line: record.line,
          columns: record.values.length,
        },
      );
    }
    return !input.header;
  };
  try {
    while (!done) {
      const chunk = await body.read();
      let records: CsvRecord[];
      if (chunk.done) {
        done = true;
        records = [...reader.push(decoder.decode()), ...reader.end()];
      } else {
        bytes += chunk.value.length;
        if (bytes > max) throw apiError("IMPORT_TOO_LARGE", `A file may have at most ${max} bytes.`, { maxBytes: max });
        records = reader.push(decoder.decode(chunk.value, { stream: true }));
      }
      for (const record of records) if (keep(record)) yield record;
    }
  } finally {
    if (!done) await drain(body, max - bytes);
    body.releaseLock();
  }
}

async function drain(body: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  try {
    for (let left = budget; left >= 0; ) {
      const chunk = await body.read();
      if (chunk.done) return;
      left -= chunk.value.length;
    }
    await body.cancel();
  } catch {
    // A client that went away: nothing left to drop.
  }
}

/** Drops a body no one has read yet (the request was refused before the import began); see readRows. */
export async function discardBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body || body.locked) return;
  await drain(body.getReader(), IMPORT_MAX_BYTES);
}

/** Where PostgreSQL says which COPY line failed: `COPY t, line 3, column price: "x"`. */
const COPY_LINE = /line (\d+)/;

const UNIQUE_VIOLATION = "23505";

/** A row the database refused: the error, the row's line and row (when still held), the column. */
class Refusal extends Error {
  constructor(
    readonly dbError: unknown,
    readonly line: number | null,
    readonly row: Row | null,
    readonly column: string | null,
  ) {
    super((dbError as Error).message);
  }
}

async function copyRows(
  client: pg.PoolClient,
  into: string,
  picked: number[],
  rows: AsyncGenerator<Row>,
  held: HeldRows,
) {
  const copy = client.query(copyFrom(`COPY ${into} FROM STDIN WITH (FORMAT csv)`));
  let copyError: Error | null = null;
  const failed = new Promise<never>((_, reject) => {
    copy.on("error", (error: Error) => {
      copyError = error;
      reject(error);
    });
  });
  // Handled where it is raced below; this only keeps an early COPY error from counting as unhandled.
  failed.catch(() => undefined);
  // The file's line of each COPY line, to name the line PostgreSQL refuses.
  let lines = new Int32Array(BATCH_ROWS * 4);
  let count = 0;
  let batch: Row[] = [];
  const write = async () => {
    held.hold(batch);
    const values = batch.map((row) => picked.map((i) => row.values[i] ?? null));
    const text = stringify(values, { cast: { string: (v: string) => (v === "" ? { value: '""', quote: false } : v) } });
    batch = [];
    if (!copy.write(text)) await Promise.race([once(copy, "drain"), failed]);
  };
  try {
    for await (const row of rows) {
      if (copyError) break;
      if (count === lines.length) {
        const grown = new Int32Array(lines.length * 2);
        grown.set(lines);
        lines = grown;
      }
      lines[count++] = row.line;
      batch.push(row);
      if (batch.length >= BATCH_ROWS) await write();
    }
    if (!copyError && batch.length) await write();
    if (!copyError) {
      copy.end();
      await Promise.race([once(copy, "finish"), failed]);
    }
  } catch (error) {
    if (!copyError) {
      // The file broke off or was refused: abort the COPY (CopyFail), then let the caller roll back.
      copy.destroy(error as Error);
      // The COPY's answer to the abort is expected: the error thrown below is the news.
      await failed.catch(() => undefined);
      throw error;
    }
  }
  if (copyError) {
    const where = (copyError as { where?: string }).where ?? "";
    const copyLine = Number(COPY_LINE.exec(where)?.[1] ?? 0);
    const line = copyLine > 0 ? (lines[copyLine - 1] ?? null) : null;
    throw new Refusal(copyError, line, line === null ? null : held.find(line), columnFrom(where));
  }
  return count;
}

const columnFrom = (where: string): string | null => /column ([^:]+):/.exec(where)?.[1] ?? null;

async function insertRows(
  client: pg.PoolClient,
  into: string,
  columns: RelationColumn[],
  picked: number[],
  rows: AsyncGenerator<Row>,
  held: HeldRows,
): Promise<number> {
  const list = columns.map((c, i) => `CAST(u.c${i} AS ${c.sqlType})`).join(", ");
  const arrays = columns.map((_, i) => `$${i + 1}::text[]`).join(", ");
  const aliases = columns.map((_, i) => `c${i}`).join(", ");
  const sql = `INSERT INTO ${into} SELECT ${list} FROM unnest(${arrays}) AS u(${aliases})`;
  let count = 0;
  let batch: Row[] = [];
  const flush = async () => {
    held.hold(batch);
    const params = picked.map((index) => batch.map((row) => row.values[index] ?? null));
    await client.query("SAVEPOINT import_batch");
    try {
      await client.query(sql, params);
    } catch (error) {
      await client.query("ROLLBACK TO SAVEPOINT import_batch");
      throw await findRefusedRow(client, sql, columns, picked, batch, error);
    }
    count += batch.length;
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= INSERT_ROWS) await flush();
  }
  if (batch.length) await flush();
  return count;
}

/**
 * After a batch failed: inserts its rows again one after another, each kept, under one savepoint,
 * so the first to fail is the refused one even when it only collides with an earlier row of the
 * same batch (a row inserted alone and undone could not). Its column is PostgreSQL's, or the first
 * whose value does not cast to the column's type.
 */
async function findRefusedRow(
  client: pg.PoolClient,
  sql: string,
  columns: RelationColumn[],
  picked: number[],
  batch: Row[],
  batchError: unknown,
): Promise<Refusal> {
  await client.query("SAVEPOINT import_rows");
  for (const row of batch) {
    const values = picked.map((index) => [row.values[index] ?? null]);
    const error = await client.query(sql, values).then(
      () => null,
      (cause: Error) => cause,
    );
    if (!error) continue;
    await client.query("ROLLBACK TO SAVEPOINT import_rows");
    let column = (error as { column?: string }).column ?? null;
    if (!column) {
      for (let i = 0; i < columns.length && !column; i++) {
        const refused = await client
          .query("SAVEPOINT import_cast")
          .then(() => client.query(`SELECT CAST($1::text AS ${columns[i]?.sqlType})`, values[i]))
          .then(
            () => false,
            () => true,
          );
        await client.query("ROLLBACK TO SAVEPOINT import_cast");
        if (refused) column = columns[i]?.name ?? null;
      }
    }
    return new Refusal(error, row.line, row, column);
  }
  await client.query("ROLLBACK TO SAVEPOINT import_rows");
  return new Refusal(batchError, batch[0]?.line ?? null, null, null);
}

function rowRejected(error: unknown, line: number | null, column: string | null, clash: KeyClash): Error {
  const message = (error as Error).message;
  const text =
    line && clash && "duplicateOf" in clash
      ? `Line ${line} repeats the key of line ${clash.duplicateOf}; nothing was imported.`
      : line && clash && "existingKey" in clash
        ? `Line ${line} has the key of a row already in the table (${clash.existingKey}); nothing was imported.`
        : line
          ? `Line ${line} was refused${column ? ` (column "${column}")` : ""}: ${message}`
          : message;
  // reason: PostgreSQL's own words, for the browser to show after its translated line.
  return apiError("IMPORT_ROW_REJECTED", text, {
    line,
    column,
    sqlState: (error as { code?: string }).code ?? null,
    reason: message,
    ...clash,
  });
}
