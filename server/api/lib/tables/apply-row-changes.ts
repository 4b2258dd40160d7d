import pg from "pg";
import type { z } from "zod";
import type { RowChangesResponse, rowChangesRequestSchema } from "../../../contract/row-changes.ts";
import { apiError } from "../core/api-error.ts";
import type { DatabaseTarget } from "../databases/connections.ts";

type Request = z.output<typeof rowChangesRequestSchema>;
type Row = Record<string, unknown>;

const q = pg.escapeIdentifier;

interface Options {
  readOnly: boolean;
  timeoutMs: number;
}

/**
 * Applies row edits, inserts and deletes to one table in one transaction: all or nothing. Names
 * are checked against the catalog and quoted, values are parameters; every update and delete must
 * name the full primary key and hit exactly one row, else everything is rolled back.
 */
export async function applyRowChanges(target: DatabaseTarget, request: Request, options: Options) {
  const client = await target.connect();
  try {
    await client.query(options.readOnly ? "BEGIN READ ONLY" : "BEGIN");
    try {
      const result = await applyWith(client, request, options);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  } finally {
    client.release();
  }
}

async function applyWith(client: pg.PoolClient, request: Request, options: Options): Promise<RowChangesResponse> {
  const { schemaName, tableName } = request;
  // SET LOCAL takes no parameters; the number comes from our own validated config.
  await client.query(`SET LOCAL statement_timeout = ${Math.trunc(options.timeoutMs)}`);
  const catalog = await client.query<{ columns: Array<{ name: string; pk: boolean }> | null }>(
    `SELECT (SELECT json_agg(json_build_object('name', a.attname,
                    'pk', EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY(i.indkey)))
                    ORDER BY a.attnum)
               FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r','p')`,
    [schemaName, tableName],
  );
  const relation = catalog.rows[0];
  if (!relation) {
    throw apiError("TABLE_NOT_FOUND", `Table "${schemaName}.${tableName}" does not exist.`, {
      schema: schemaName,
      table: tableName,
    });
  }
  const columns = relation.columns ?? [];
  const primaryKey = columns.filter((c) => c.pk).map((c) => c.name);
  if (primaryKey.length === 0) {
    throw apiError(
      "TABLE_HAS_NO_PRIMARY_KEY",
      `Table "${schemaName}.${tableName}" has no primary key; rows cannot be edited here.`,
    );
  }
  const known = new Set(columns.map((c) => c.name));
  const checkColumns = (row: Row, index: number) => {
    for (const name of Object.keys(row)) {
      if (!known.has(name)) {
        throw apiError("COLUMN_NOT_FOUND", `Column "${name}" does not exist in ${schemaName}.${tableName}.`, {
          changeIndex: index,
        });
      }
    }
  };
  const table = `${q(schemaName)}.${q(tableName)} AS t`;
  const applied: RowChangesResponse["applied"] = [];
  for (const [index, change] of request.changes.entries()) {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if ("key" in change) checkKey(change.key, primaryKey, index);
    if ("values" in change) checkColumns(change.values, index);
    const where = (key: Row) => primaryKey.map((n) => `t.${q(n)} = ${param(key[n])}`).join(" AND ");
    let text: string;
    if (change.op === "insert") {
      const names = Object.keys(change.values);
      text =
        names.length === 0
          ? `INSERT INTO ${table} DEFAULT VALUES RETURNING row_to_json(t) AS row`
          : `INSERT INTO ${table} (${names.map(q).join(", ")}) VALUES (${names.map((n) => param(change.values[n])).join(", ")}) RETURNING row_to_json(t) AS row`;
    } else if (change.op === "update") {
      const names = Object.keys(change.values);
      if (names.length === 0)
        throw apiError("SCHEMA_ERROR", "An update needs at least one value.", { changeIndex: index });
      const sets = names.map((n) => `${q(n)} = ${param(change.values[n])}`).join(", ");
      text = `UPDATE ${table} SET ${sets} WHERE ${where(change.key)} RETURNING row_to_json(t) AS row`;
    } else {
      text = `DELETE FROM ${table} WHERE ${where(change.key)} RETURNING row_to_json(t) AS row`;
    }
    const result = await runChange(client, text, params, index);
    if (result.rows.length !== 1) {
      throw apiError("ROW_NOT_FOUND", "No row has this primary key any more; nothing was changed.", {
        changeIndex: index,
      });
    }
    applied.push({ op: change.op, row: result.rows[0]?.row ?? {} });
  }
  return { applied };
}

/** A key names exactly the primary-key columns, none of them null, so it picks at most one row. */
function checkKey(key: Row, primaryKey: string[], index: number): void {
  const names = Object.keys(key);
  const exact = names.length === primaryKey.length && primaryKey.every((n) => names.includes(n));
  if (!exact) {
    throw apiError("SCHEMA_ERROR", `The key must name exactly the primary key (${primaryKey.join(", ")}).`, {
      changeIndex: index,
    });
  }
  if (primaryKey.some((n) => key[n] === null || key[n] === undefined)) {
    throw apiError("SCHEMA_ERROR", "Primary-key values cannot be null.", { changeIndex: index });
  }
}

async function runChange(client: pg.PoolClient, text: string, params: unknown[], index: number) {
  try {
    return await client.query<{ row: Row }>(text, params);
  } catch (error) {
    const pgError = error as { code?: string; message?: string; detail?: string };
    if (typeof pgError.code !== "string") throw error;
    throw apiError("DATABASE_QUERY_FAILED", pgError.message ?? "The change failed.", {
      changeIndex: index,
      sqlState: pgError.code,
      detail: pgError.detail ?? null,
      reason: pgError.message ?? null,
    });
  }
}
