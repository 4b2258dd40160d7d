import pg from "pg";
import type { SearchIndex } from "../../../contract/search-index.ts";
import { apiError } from "../core/api-error.ts";
import { databaseQueryFailed } from "../databases/database-errors.ts";

const q = pg.escapeIdentifier;

/**
 * Whether a trigram index can help `contains` on a column, and the statements that make one. The
 * column and table are looked up in the catalog first and only then quoted into the text; the index
 * is over `column::text` (what the search compares), so a varchar, number or uuid column is covered
 * as well as text. PostgreSQL names it (`<table>_<column>_idx`), so no name can collide.
 */
export async function searchIndexPlan(
  client: pg.ClientBase,
  schemaName: string,
  tableName: string,
  column: string,
): Promise<SearchIndex> {
  const found = await client.query<{ relkind: string; attnum: number | null; available: boolean; installed: boolean }>(
    `SELECT c.relkind::text AS relkind,
            (SELECT a.attnum::int FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attname = $3 AND a.attnum > 0 AND NOT a.attisdropped) AS attnum,
            EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available,
            EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS installed
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r','v','m','f','p')`,
    [schemaName, tableName, column],
  );
  const relation = found.rows[0];
  if (!relation) {
    throw apiError("TABLE_NOT_FOUND", `Table "${schemaName}.${tableName}" does not exist.`, {
      schema: schemaName,
      table: tableName,
    });
  }
  if (relation.attnum === null) {
    throw apiError("COLUMN_NOT_FOUND", `Column "${column}" does not exist in ${schemaName}.${tableName}.`, { column });
  }
  // Views and foreign tables hold no index of their own.
  const indexable = ["r", "m", "p"].includes(relation.relkind);
  if (!indexable || !relation.available) return { available: false, indexed: false, statements: [] };
  const indexes = await client.query<{ key: string }>(
    `SELECT pg_get_indexdef(i.indexrelid, 1, true) AS key
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
      WHERE i.indrelid = (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                           WHERE n.nspname = $1 AND c.relname = $2)
        AND am.amname = 'gin' AND i.indisvalid AND i.indpred IS NULL
        AND i.indclass[0] IN (SELECT oid FROM pg_opclass WHERE opcname = 'gin_trgm_ops')`,
    [schemaName, tableName],
  );
  // The first key as PostgreSQL prints it: `name`, `"Name"`, `(name)::text` or `("Name")::text`.
  const plain = (key: string) =>
    key
      .replace(/^\((.*)\)$/, "$1")
      .replace(/::text$/, "")
      .replace(/^\((.*)\)$/, "$1");
  const indexed = indexes.rows.some(({ key }) => plain(key) === column || plain(key) === q(column));
  if (indexed) return { available: true, indexed: true, statements: [] };
  return {
    available: true,
    indexed: false,
    statements: [
      ...(relation.installed ? [] : ["CREATE EXTENSION IF NOT EXISTS pg_trgm;"]),
      `CREATE INDEX ON ${q(schemaName)}.${q(tableName)} USING gin ((${q(column)}::text) gin_trgm_ops);`,
    ],
  };
}

/** Runs the plan's statements in one transaction; answers what ran. */
export async function createSearchIndex(
  client: pg.ClientBase,
  schemaName: string,
  tableName: string,
  column: string,
): Promise<string[]> {
  const plan = await searchIndexPlan(client, schemaName, tableName, column);
  if (!plan.available) {
    throw apiError(
      "SEARCH_INDEX_UNAVAILABLE",
      `A trigram index is not available for ${schemaName}.${tableName}: the database has no pg_trgm, or the relation holds no index.`,
      { schema: schemaName, table: tableName },
    );
  }
  if (plan.statements.length === 0) return [];
  try {
    await client.query("BEGIN");
    for (const statement of plan.statements) await client.query(statement);
    await client.query("COMMIT");
  } catch (error) {
    // Clean-up: the statement's own error is what the caller gets; a failed ROLLBACK ends the session anyway.
    await client.query("ROLLBACK").catch(() => undefined);
    throw databaseQueryFailed(error);
  }
  return plan.statements;
}
