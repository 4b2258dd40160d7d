import pg from "pg";
import type { z } from "zod";
import type { TableCell, tableCellQuerySchema } from "../../../contract/databases.ts";
import { apiError } from "../core/api-error.ts";
import type { DatabaseTarget } from "../databases/connections.ts";
import { databaseQueryFailed } from "../databases/database-errors.ts";

type Query = z.output<typeof tableCellQuerySchema>;

const q = pg.escapeIdentifier;

/**
 * The whole value of one cell, which a table page sent cut. The row is found by its full primary
 * key; names are checked against the catalog and quoted, key values are parameters. JSON arrives
 * parsed and bytea as `\x…` hex, as in table pages.
 */
export async function readTableCell(target: DatabaseTarget, tableName: string, query: Query): Promise<TableCell> {
  const client = await target.connect();
  try {
    const catalog = await client.query<{ columns: Array<{ name: string; pk: boolean; type: string }> | null }>(
      `SELECT (SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, NULL),
                      'pk', EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY(i.indkey)))
                      ORDER BY a.attnum)
                 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r','p','m','f','v')`,
      [query.schemaName, tableName],
    );
    const relation = catalog.rows[0];
    if (!relation) {
      throw apiError("TABLE_NOT_FOUND", `Table "${query.schemaName}.${tableName}" does not exist.`, {
        schema: query.schemaName,
        table: tableName,
      });
    }
    const columns = relation.columns ?? [];
    const column = columns.find((c) => c.name === query.column);
    if (!column) {
      throw apiError(
        "COLUMN_NOT_FOUND",
        `Column "${query.column}" does not exist in ${query.schemaName}.${tableName}.`,
        { column: query.column },
      );
    }
    const primaryKey = columns.filter((c) => c.pk).map((c) => c.name);
    if (primaryKey.length === 0) {
      throw apiError(
        "TABLE_HAS_NO_PRIMARY_KEY",
        `Table "${query.schemaName}.${tableName}" has no primary key; a single value cannot be looked up.`,
      );
    }
    const names = Object.keys(query.key);
    if (names.length !== primaryKey.length || !primaryKey.every((n) => names.includes(n))) {
      throw apiError("SCHEMA_ERROR", `The key must name exactly the primary key (${primaryKey.join(", ")}).`);
    }
    if (primaryKey.some((n) => query.key[n] === null || query.key[n] === undefined)) {
      throw apiError("SCHEMA_ERROR", "Primary-key values cannot be null.");
    }
    const where = primaryKey.map((n, i) => `t.${q(n)} = $${i + 1}`).join(" AND ");
    const json = column.type === "json" || column.type === "jsonb";
    // Text form (bytea as hex); JSON is parsed again below so it reads as the page's JSON does.
    const text = `SELECT t.${q(column.name)}::text AS value FROM ${q(query.schemaName)}.${q(tableName)} AS t WHERE ${where}`;
    let result: pg.QueryResult<{ value: string | null }>;
    try {
      result = await client.query<{ value: string | null }>(
        text,
        primaryKey.map((n) => query.key[n]),
      );
    } catch (error) {
      throw databaseQueryFailed(error);
    }
    const row = result.rows[0];
    if (!row) throw apiError("ROW_NOT_FOUND", "No row has this primary key any more.");
    return { value: json && row.value !== null ? JSON.parse(row.value) : row.value };
  } finally {
    client.release();
  }
}
