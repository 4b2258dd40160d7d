import pg from "pg";
import type { z } from "zod";
import {
  CELL_TEXT_LIMIT,
  EXACT_COUNT_LIMIT,
  type TableData,
  type tableDataQuerySchema,
} from "../../../contract/databases.ts";
import { apiError } from "../core/api-error.ts";
import type { DatabaseTarget } from "../databases/connections.ts";
import { databaseQueryFailed } from "../databases/database-errors.ts";
import { lookUpTypeNames } from "../databases/type-names.ts";
import { lookUpRelation } from "./relation-columns.ts";
import { explainFilterValueError, filterSql, isDataException } from "./table-filter.ts";

type Query = z.output<typeof tableDataQuerySchema>;

interface Column {
  name: string;
  typeOid: number;
  primaryKey: boolean;
  /** NOT NULL with no default, identity or generation: an insert must give it a value. */
  required: boolean;
  /** Read as text and cut past CELL_TEXT_LIMIT: strings, JSON, XML and bytea, which can be huge. */
  cut: "text" | "json" | null;
}

const q = pg.escapeIdentifier;

/** `%`, `_` and `\` in a search value match themselves, not patterns. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of a table or view. Every name is looked up in the catalog first (unknown names are
 * refused, so nothing the caller typed is spliced into SQL) and then quoted; the search value is a
 * parameter. Pages on primary-key order seek through the index instead of skipping heap rows, and
 * the count never makes the page wait: exact up to EXACT_COUNT_LIMIT, else the planner's estimate.
 */
export async function readTablePage(
  target: DatabaseTarget,
  tableName: string,
  query: Query,
  /** The request's: aborted when its caller goes away (the grid's Stop), which stops the statement. */
  signal?: AbortSignal,
): Promise<TableData> {
  return await withClient(target, (client) => readWith(target, client, tableName, query), signal);
}

/**
 * A session of the database for `work`, released afterwards. When `signal` aborts meanwhile, the
 * running statement is stopped as the workbench's Stop does (PostgreSQL cancels the backend; PGlite,
 * which has no cancel, ends the database's thread) and the session is dropped, not reused.
 */
export async function withClient<T>(
  target: DatabaseTarget,
  work: (client: pg.PoolClient) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  // Gone before it began: nothing to read for, nothing to stop.
  if (signal?.aborted) throw new Error("the request was aborted");
  const client = await target.connect();
  let interrupted = false;
  const stop = () => {
    interrupted = true;
    // The stopped session's socket fails as it goes (PGlite's thread ends): that is expected, and an
    // 'error' nobody listens for would end the process.
    client.on("error", () => undefined);
    // The caller is gone: a failed interrupt leaves the read to its statement_timeout, and nobody waits for it.
    void target.interrupt(client).catch(() => undefined);
  };
  signal?.addEventListener("abort", stop, { once: true });
  try {
    return await work(client);
  } finally {
    signal?.removeEventListener("abort", stop);
    client.release(interrupted);
  }
}

async function readWith(
  target: DatabaseTarget,
  client: pg.PoolClient,
  tableName: string,
  query: Query,
): Promise<TableData> {
  // One catalog round trip for the relation and its columns; pages are latency-bound.
  const relation = await client.query<{
    oid: number;
    estimate: number;
    visible: number;
    columns: Array<{ name: string; type: number; pk: boolean; required: boolean; cut: "text" | "json" | null }>;
  }>(
    `SELECT c.oid::int AS oid, c.reltuples::float8 AS estimate,
            c.relallvisible::float8 / greatest(c.relpages, 1) AS visible,
            (SELECT json_agg(json_build_object('name', a.attname, 'type', a.atttypid::int,
                    'pk', EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY(i.indkey)),
                    'required', a.attnotnull AND NOT a.atthasdef AND a.attidentity = '' AND a.attgenerated = '',
                    'cut', (SELECT CASE WHEN ty.typname IN ('json', 'jsonb') THEN 'json'
                                        WHEN ty.typcategory = 'S' OR ty.typname IN ('xml', 'bytea') THEN 'text' END
                              FROM pg_type ty WHERE ty.oid = a.atttypid))
                    ORDER BY a.attnum)
               FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r','v','m','f','p')`,
    [query.schemaName, tableName],
  );
  const rel = relation.rows[0];
  if (!rel) {
    const schema = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [query.schemaName]);
    if (schema.rowCount === 0)
      throw apiError("SCHEMA_NOT_FOUND", `Schema "${query.schemaName}" does not exist.`, { schema: query.schemaName });
    throw apiError("TABLE_NOT_FOUND", `Table "${query.schemaName}.${tableName}" does not exist.`, {
      schema: query.schemaName,
      table: tableName,
    });
  }
  const columnRows = { rows: rel.columns ?? [] };
  const columns: Column[] = columnRows.rows.map((c) => ({
    name: c.name,
    typeOid: Number(c.type),
    primaryKey: c.pk,
    required: c.required,
    cut: c.cut ?? null,
  }));
  const column = (name: string | undefined, what: string) => {
    if (name === undefined) return undefined;
    return (
      columns.find((c) => c.name === name) ??
      (() => {
        throw apiError(
          "COLUMN_NOT_FOUND",
          `Column "${name}" (${what}) does not exist in ${query.schemaName}.${tableName}.`,
          { column: name },
        );
      })()
    );
  };
  const searchColumn = column(query.searchColumn, "searchColumn");
  const sortColumn = column(query.sortColumn, "sortColumn");
  const primaryKey = columns.filter((c) => c.primaryKey);
  const from = `${q(query.schemaName)}.${q(tableName)}`;
  const searching = searchColumn !== undefined && query.searchValue !== undefined && query.searchValue !== "";
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = searching
    ? [`t.${q(searchColumn.name)}::text ILIKE ${param(likePattern(query.searchValue ?? ""))}`]
    : [];
  // The typed filter reads column kinds from the catalog: one more round trip, only when filtering.
  const filter = query.filter?.length
    ? filterSql(await lookUpRelation(client, query.schemaName, tableName), query.filter, param)
    : null;
  if (filter) conditions.push(...filter.conditions);
  const narrowed = conditions.length > 0;
  const where = narrowed ? `WHERE ${conditions.join(" AND ")}` : "";
  const direction = query.sortDirection === "desc" ? "DESC" : "ASC";
  // A sort column's ties are broken by the primary key, so that every page (and the last page read
  // backwards) has one answer: DESC of the whole order is then its exact reverse, NULLs included
  // (ASC puts them last, DESC first).
  const orderColumns = sortColumn ? [sortColumn, ...primaryKey.filter((c) => c !== sortColumn)] : primaryKey;
  const orderIn = (dir: "ASC" | "DESC", alias = "t.") =>
    orderColumns.length ? `ORDER BY ${orderColumns.map((c) => `${alias}${q(c.name)} ${dir}`).join(", ")}` : "";
  // Qualified, so ORDER BY sorts by the column and not by the cut text of the same name.
  const orderByOuter = orderIn(direction);
  const list = columns
    .map((c) => (c.cut ? `left(t.${q(c.name)}::text, ${CELL_TEXT_LIMIT + 1}) AS ${q(c.name)}` : `t.${q(c.name)}`))
    .join(", ");
  const offset = (query.page - 1) * query.pageSize;
  const limit = query.pageSize + 1;
  // The count below takes the search and the filter, not the cursor added after them.
  const whereParams = [...params];
  const countCapped = async () => {
    const capped = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM (SELECT 1 FROM ${from} AS t ${where} LIMIT ${EXACT_COUNT_LIMIT + 1}) s`,
      whereParams,
    );
    return Number(capped.rows[0]?.n ?? 0);
  };
  const estimated = async () =>
    narrowed ? await plannedRows(client, `SELECT 1 FROM ${from} AS t ${where}`, whereParams) : Math.round(rel.estimate);

  // Keyset paging applies where the rows are in primary-key order: unsorted, or sorted by a
  // one-column primary key. Another column's order has ties and NULLs, so it pages by offset.
  const keyColumns =
    primaryKey.length > 0 && (!sortColumn || (primaryKey.length === 1 && sortColumn === primaryKey[0]))
      ? primaryKey
      : null;
  const cursor = query.last ? undefined : (query.after ?? query.before);
  const seeking = keyColumns !== null && cursor !== undefined && cursor.length === keyColumns.length;
  // The last page is read from the end too: backwards, then reversed.
  const backwards = (seeking && query.after === undefined) || (query.last === true && orderColumns.length > 0);
  // The key as text after the row's own columns, stripped off below: exact cursors whatever the
  // type (a timestamp read into a JavaScript Date would lose its microseconds).
  const keyList = keyColumns ? `, ${keyColumns.map((c) => `t.${q(c.name)}::text`).join(", ")}` : "";

  // The last page: where the count is exact (small tables, or no order to read backwards), the rows
  // an offset walk's last page holds; else the last pageSize rows, whatever the estimate says.
  let lastCount: number | null = null;
  if (query.last && orderColumns.length === 0) {
    const all = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${from} AS t ${where}`, whereParams);
    lastCount = Number(all.rows[0]?.n ?? 0);
  } else if (query.last && rel.estimate < EXACT_COUNT_LIMIT) {
    const n = await countCapped();
    lastCount = n <= EXACT_COUNT_LIMIT ? n : null;
  }
  const lastPageNumber = lastCount === null ? null : Math.max(1, Math.ceil(lastCount / query.pageSize));
  const lastRows =
    lastCount === null || lastPageNumber === null ? query.pageSize : lastCount - (lastPageNumber - 1) * query.pageSize;

  let text: string;
  const singleKey = orderColumns.length === 1 && orderColumns[0]?.primaryKey === true ? orderColumns[0] : undefined;
  if (seeking && keyColumns && cursor) {
    // Seek: the rows after (or before) the cursor's key, straight from the key's index, at any depth.
    const ascending = direction === "ASC";
    const keys = keyColumns.map((c) => `t.${q(c.name)}`).join(", ");
    const op = ascending !== backwards ? ">" : "<";
    const seek = `(${keys}) ${op} (${cursor.map((value) => param(value)).join(", ")})`;
    const order = ascending !== backwards ? "ASC" : "DESC";
    const seekWhere = `WHERE ${[...conditions, seek].join(" AND ")}`;
    text = `SELECT ${list}${keyList} FROM ${from} AS t ${seekWhere} ORDER BY ${keyColumns.map((c) => `t.${q(c.name)} ${order}`).join(", ")} LIMIT ${limit}`;
  } else if (query.last && orderColumns.length > 0) {
    // The end of the order, read backwards: the index (or a top-N sort) from the other end.
    text = `SELECT ${list}${keyList} FROM ${from} AS t ${where} ${orderIn(direction === "ASC" ? "DESC" : "ASC")} LIMIT ${lastRows + 1}`;
  } else if (query.last) {
    // No order to read backwards: the count placed the last page.
    text = `SELECT ${list}${keyList} FROM ${from} AS t ${where} LIMIT ${lastRows} OFFSET ${Math.max(0, (lastCount ?? 0) - lastRows)}`;
  } else if (singleKey && offset > 0 && !narrowed && rel.visible >= 0.9) {
    // A jump to a page by number on a vacuumed table: find the page's first key with an index-only
    // walk (no heap visited), then read just the page's rows. Where the visibility map is not set
    // that walk visits every row's heap page and costs more than the plain offset below.
    const key = q(singleKey.name);
    const op = direction === "DESC" ? "<=" : ">=";
    text = `SELECT ${list}${keyList} FROM ${from} AS t WHERE t.${key} ${op} (SELECT ${key} FROM ${from} ${orderIn(direction, "")} OFFSET ${offset} LIMIT 1) ${orderByOuter} LIMIT ${limit}`;
  } else {
    text = `SELECT ${list}${keyList} FROM ${from} AS t ${where} ${orderByOuter} LIMIT ${limit} OFFSET ${offset}`;
  }
  let page: pg.QueryResult<unknown[]>;
  try {
    page = await client.query<unknown[]>({ text, values: params, rowMode: "array" });
  } catch (error) {
    if (filter?.typed.length && isDataException(error))
      throw await explainFilterValueError(client, filter.typed, error);
    throw databaseQueryFailed(error);
  }
  const pageRows = query.last ? (lastCount === null ? query.pageSize : lastRows) : query.pageSize;
  const beyond = query.last && orderColumns.length === 0 ? (lastCount ?? 0) > lastRows : page.rows.length > pageRows;
  const fetched = page.rows.length > pageRows ? page.rows.slice(0, pageRows) : page.rows;
  if (backwards) fetched.reverse();
  // Read backwards, the extra row says a page exists before; forwards, after.
  const hasMore = query.last ? false : backwards ? true : beyond;
  const hasPrevious = backwards || query.last ? beyond : seeking || offset > 0;
  const keyCount = keyColumns?.length ?? 0;
  const keyOf = (row: unknown[] | undefined) => (row ? row.slice(row.length - keyCount).map(String) : []);
  const first = fetched[0];
  const last = fetched.at(-1);
  const pageCursor = keyColumns && first && last ? { first: keyOf(first), last: keyOf(last) } : null;
  const rows = keyCount > 0 ? fetched.map((row) => row.slice(0, row.length - keyCount)) : fetched;
  const cutCells = cutLongValues(columns, rows);

  let rowCount: number;
  let rowCountExact: boolean;
  let pageNumber = query.page;
  if (query.last) {
    if (lastCount !== null) {
      rowCount = lastCount;
      rowCountExact = true;
    } else if (!beyond) {
      rowCount = rows.length;
      rowCountExact = true;
    } else {
      rowCount = Math.max(await estimated(), rows.length + 1);
      rowCountExact = false;
    }
    // Numbered from the count; an estimate's number is as rough as the estimate.
    pageNumber = lastPageNumber ?? Math.max(beyond ? 2 : 1, Math.ceil(rowCount / query.pageSize));
  } else if (!hasMore && (rows.length > 0 || offset === 0)) {
    rowCount = offset + rows.length;
    rowCountExact = true;
  } else if (rel.estimate >= 0 && rel.estimate >= EXACT_COUNT_LIMIT) {
    rowCount = await estimated();
    rowCountExact = false;
  } else {
    const n = await countCapped();
    rowCountExact = n <= EXACT_COUNT_LIMIT;
    rowCount = rowCountExact ? n : Math.max(n, Math.round(rel.estimate));
  }

  const names = await lookUpTypeNames(
    target,
    client,
    columns.map((c) => c.typeOid),
  );
  return {
    schemaName: query.schemaName,
    tableName,
    columns: columns.map((c) => ({
      name: c.name,
      type: names.get(c.typeOid) ?? String(c.typeOid),
      primaryKey: c.primaryKey,
      required: c.required,
    })),
    rows,
    page: pageNumber,
    pageSize: query.pageSize,
    hasMore,
    hasPrevious,
    cursor: pageCursor,
    rowCount,
    rowCountExact,
    cutCells,
  };
}

/** Cuts text past CELL_TEXT_LIMIT in place and parses JSON that arrived whole; answers what was cut. */
function cutLongValues(columns: Column[], rows: unknown[][]): Array<[number, number]> {
  const cut: Array<[number, number]> = [];
  columns.forEach((column, c) => {
    if (!column.cut) return;
    rows.forEach((row, r) => {
      const value = row[c];
      if (typeof value !== "string") return;
      // PostgreSQL counts characters, JavaScript UTF-16 units: only a long string needs the slower count.
      const chars = value.length > CELL_TEXT_LIMIT ? Array.from(value) : null;
      if (chars && chars.length > CELL_TEXT_LIMIT) {
        row[c] = chars.slice(0, CELL_TEXT_LIMIT).join("");
        cut.push([r, c]);
      } else if (column.cut === "json") {
        row[c] = JSON.parse(value);
      }
    });
  });
  return cut;
}

async function plannedRows(client: pg.PoolClient, text: string, params: unknown[]): Promise<number> {
  const plan = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
  const raw = plan.rows[0]?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan?: { "Plan Rows"?: number } }>;
  return Math.round(parsed[0]?.Plan?.["Plan Rows"] ?? 0);
}
