import type pg from "pg";
import type { CatalogTypesResponse } from "../../contract/schema-editor.ts";
import { readEach } from "../lib/databases/catalog-reads.ts";
import { SUFFIX_MODIFIER_TYPES } from "./sql-text.ts";

const KINDS = { b: "base", e: "enum", d: "domain", c: "composite", r: "range" } as const;

/**
 * The types a column may be given: PostgreSQL's own (not internal ones) and every enum, domain,
 * range and composite type of the user's schemas, each named as format_type() writes it. The
 * editor accepts no other type name, so no text of the caller's ever becomes a type.
 */
export async function readCatalogTypes(db: pg.Pool | pg.ClientBase): Promise<CatalogTypesResponse> {
  const [types, schemas] = await readEach(db, [
    () =>
      db.query<{
        sql: string;
        schema: string;
        name: string;
        kind: keyof typeof KINDS;
        category: string;
        labels: string[] | null;
      }>(
        `SELECT format_type(t.oid, NULL) AS sql, n.nspname AS schema, t.typname AS name, t.typtype::text AS kind,
              t.typcategory::text AS category,
              CASE WHEN t.typtype = 'e' THEN (SELECT coalesce(json_agg(e.enumlabel ORDER BY e.enumsortorder), '[]')
                                                 FROM pg_enum e WHERE e.enumtypid = t.oid) END AS labels
         FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
         LEFT JOIN pg_class c ON c.oid = t.typrelid
        WHERE t.typtype IN ('b', 'e', 'd', 'c', 'r')
          AND t.typcategory <> 'A' AND (t.typrelid = 0 OR c.relkind = 'c')
          AND n.nspname NOT IN ('information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg\\_temp\\_%'
          AND NOT (n.nspname = 'pg_catalog' AND (t.typcategory IN ('P', 'X', 'Z', 'C')
                   OR t.typname ~ '^(pg_|reg|_)' OR t.typname IN ('aclitem', 'gtsvector', 'int2vector', 'oidvector',
                      'cid', 'xid', 'xid8', 'tid', 'name', 'char', 'refcursor', 'txid_snapshot', 'unknown')))
        ORDER BY n.nspname = 'pg_catalog', n.nspname, t.typname`,
      ),
    () =>
      db.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace
        WHERE nspname NOT IN ('information_schema', 'pg_catalog', 'pg_toast') AND nspname NOT LIKE 'pg\\_temp\\_%'
          AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
        ORDER BY nspname`,
      ),
  ]);
  return {
    types: types.rows.map((row) => ({
      sql: row.sql,
      schema: row.schema,
      name: row.name,
      kind: KINDS[row.kind],
      category: row.category,
      takesModifier: SUFFIX_MODIFIER_TYPES.has(row.sql),
      enumValues: row.labels,
    })),
    schemas: schemas.rows.map((row) => row.name),
  };
}
