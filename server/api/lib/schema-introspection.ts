import type pg from "pg";
import type { DatabaseSchemaResponse, TableInfo } from "../../contract/databases.ts";

const KINDS: Record<string, TableInfo["kind"]> = {
  r: "table",
  v: "view",
  m: "materialized_view",
  f: "foreign_table",
  p: "partitioned_table",
};
const USER_SCHEMAS =
  "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'";

/** Schemas, tables and views with estimated row counts, columns and indexes, from the catalog in three queries. */
export async function introspectSchema(db: pg.Pool | pg.ClientBase): Promise<DatabaseSchemaResponse> {
  const [schemas, relations, columns, indexes] = await Promise.all([
    db.query<{ name: string }>(`SELECT n.nspname AS name FROM pg_namespace n WHERE ${USER_SCHEMAS} ORDER BY 1`),
    db.query<{ oid: number; schema: string; name: string; kind: string; estimate: number }>(
      `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS kind, c.reltuples::float8 AS estimate
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r','v','m','f','p') AND NOT c.relispartition AND ${USER_SCHEMAS}
        ORDER BY n.nspname, c.relname`,
    ),
    db.query<{ rel: number; name: string; type: string; notnull: boolean; def: string | null; pk: boolean }>(
      `SELECT a.attrelid::int AS rel, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
              pg_get_expr(d.adbin, d.adrelid) AS def,
              EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY(i.indkey)) AS pk
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r','v','m','f','p') AND ${USER_SCHEMAS}
        ORDER BY a.attrelid, a.attnum`,
    ),
    db.query<{ rel: number; name: string; unique: boolean; primary: boolean; definition: string; columns: string[] }>(
      `SELECT i.indrelid::int AS rel, ic.relname AS name, i.indisunique AS unique, i.indisprimary AS primary,
              pg_get_indexdef(i.indexrelid) AS definition,
              ARRAY(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
         FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
         JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE ${USER_SCHEMAS}
        ORDER BY ic.relname`,
    ),
  ]);
  const tables = new Map<number, TableInfo & { schema: string }>();
  for (const r of relations.rows) {
    tables.set(Number(r.oid), {
      schema: r.schema,
      name: r.name,
      kind: KINDS[r.kind] ?? "table",
      estimatedRows: r.estimate < 0 ? null : Math.round(r.estimate),
      columns: [],
      indexes: [],
    });
  }
  for (const c of columns.rows) {
    tables.get(Number(c.rel))?.columns.push({
      name: c.name,
      type: c.type,
      nullable: !c.notnull,
      default: c.def,
      primaryKey: c.pk,
    });
  }
  for (const i of indexes.rows) {
    tables.get(Number(i.rel))?.indexes.push({
      name: i.name,
      columns: parseTextArray(i.columns),
      unique: i.unique,
      primary: i.primary,
      definition: i.definition,
    });
  }
  return {
    schemas: schemas.rows.map((s) => ({
      name: s.name,
      tables: [...tables.values()].filter((t) => t.schema === s.name).map(({ schema: _schema, ...table }) => table),
    })),
  };
}

/** The wire types keep arrays as PostgreSQL text (`{a,b}`); the catalog's names never need quoting rules beyond this. */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return inner.split(",").map((part) => part.replace(/^"(.*)"$/, "$1").replace(/\\(.)/g, "$1"));
}
