import pg from "pg";
import type { RelationColumn } from "../tables/relation-columns.ts";
import type { CsvRecord } from "./csv-reader.ts";
import type { HeldRows } from "./import-held-rows.ts";

const q = pg.escapeIdentifier;

/** What a refused row's unique key collides with: an earlier line of the file, or a row already there. */
export type KeyClash = { duplicateOf: number } | { existingKey: string } | null;

export interface ClashInput {
  schemaName: string;
  /** `schema.table`, quoted: the import's target. */
  table: string;
  /** The table's mapped columns, and per column the CSV column that fills it. */
  columns: RelationColumn[];
  picked: number[];
  refused: CsvRecord;
  held: HeldRows;
  /** The unique constraint (or unique index) PostgreSQL named in its error. */
  constraint: string;
}

/**
 * Names what a row refused for a unique violation (23505) collides with. Runs after the import's
 * rows are undone (ROLLBACK TO the savepoint before its first row), so the table is as it was: a
 * match there is a row that was in the table before; otherwise the key repeats a line of the file,
 * found among the rows the import still holds by comparing the key columns cast to their types
 * (as the index compares them: `01` and `1` are one bigint). Null when the key cannot be compared
 * (an expression index, a key column the file does not fill) or the earlier line is no longer held.
 */
export async function findKeyClash(client: pg.ClientBase, input: ClashInput): Promise<KeyClash> {
  const keyNames = await keyColumns(client, input.schemaName, input.constraint);
  const keys = keyNames.map((name) => input.columns.findIndex((c) => c.name === name));
  if (keys.length === 0 || keys.some((i) => i < 0)) return null;
  const fileValue = (row: CsvRecord, i: number) => row.values[input.picked[i] ?? -1] ?? null;
  const refusedValues = keys.map((i) => fileValue(input.refused, i));
  if (refusedValues.some((v) => v === null)) return null;

  const sqlType = (i: number) => input.columns[i]?.sqlType ?? "text";
  const existing = await client.query(
    `SELECT 1 FROM ${input.table} WHERE ${keys
      .map((i, k) => `${q(input.columns[i]?.name ?? "")} = CAST($${k + 1}::text AS ${sqlType(i)})`)
      .join(" AND ")} LIMIT 1`,
    refusedValues,
  );
  if (existing.rowCount) {
    return { existingKey: keys.map((i, k) => `${input.columns[i]?.name} = ${refusedValues[k]}`).join(", ") };
  }

  const earlier = input.held.before(input.refused.line);
  if (earlier.length === 0) return null;
  const n = keys.length;
  const found = await client.query<{ line: number }>(
    `SELECT u.line FROM unnest($1::int[], ${keys.map((_, k) => `$${k + 2}::text[]`).join(", ")}) AS u(line, ${keys
      .map((_, k) => `k${k}`)
      .join(", ")})
     WHERE ${keys.map((i, k) => `CAST(u.k${k} AS ${sqlType(i)}) = CAST($${n + 2 + k}::text AS ${sqlType(i)})`).join(" AND ")}
     ORDER BY u.line LIMIT 1`,
    [earlier.map((row) => row.line), ...keys.map((i) => earlier.map((row) => fileValue(row, i))), ...refusedValues],
  );
  const line = found.rows[0]?.line;
  return line === undefined ? null : { duplicateOf: line };
}

/** The columns of a unique index (by name, in its schema) in key order; none for an expression index. */
async function keyColumns(client: pg.ClientBase, schemaName: string, index: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string | null }>(
    `SELECT a.attname AS name
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = ic.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
       LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE n.nspname = $1 AND ic.relname = $2 AND i.indisunique AND i.indexprs IS NULL
        AND k.position <= i.indnkeyatts
      ORDER BY k.position`,
    [schemaName, index],
  );
  return rows.every((r) => r.name !== null) ? rows.map((r) => r.name as string) : [];
}
