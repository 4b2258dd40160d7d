import type pg from "pg";
import type { DatabaseSchemaResponse, FunctionInfo, SequenceInfo, TableInfo } from "../../../contract/databases.ts";
import { readEach } from "../databases/catalog-reads.ts";

const KINDS: Record<string, TableInfo["kind"]> = {
  r: "table",
  v: "view",
  m: "materialized_view",
  f: "foreign_table",
  p: "partitioned_table",
};
const ROUTINE_KINDS: Record<string, FunctionInfo["kind"]> = {
  f: "function",
  p: "procedure",
  a: "aggregate",
  w: "window",
};
export const USER_SCHEMAS =
  "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'";

/**
 * Schemas with their tables and views (estimated rows, columns, indexes), functions and sequences,
 * foreign keys, from the catalog in seven queries.
 */
export async function introspectSchema(db: pg.Pool | pg.ClientBase): Promise<DatabaseSchemaResponse> {
  const [schemas, relations, columns, indexes, routines, sequences, foreignKeys] = await readEach(db, [
    () => db.query<{ name: string }>(`SELECT n.nspname AS name FROM pg_namespace n WHERE ${USER_SCHEMAS} ORDER BY 1`),
    () =>
      db.query<{ oid: number; schema: string; name: string; kind: string; estimate: number }>(
        `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS kind, c.reltuples::float8 AS estimate
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r','v','m','f','p') AND NOT c.relispartition AND ${USER_SCHEMAS}
        ORDER BY n.nspname, c.relname`,
      ),
    () =>
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
    () =>
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
    // Routines an extension brought along (pgcrypto's, PostGIS's hundreds) are left out: not the user's.
    () =>
      db.query<{
        oid: number;
        schema: string;
        name: string;
        args: string;
        returns: string | null;
        kind: string;
        language: string;
      }>(
        `SELECT p.oid::int AS oid, n.nspname AS schema, p.proname AS name,
              pg_get_function_identity_arguments(p.oid) AS args,
              CASE WHEN p.prokind = 'p' THEN NULL ELSE pg_get_function_result(p.oid) END AS returns,
              p.prokind::text AS kind, l.lanname AS language
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
        WHERE ${USER_SCHEMAS}
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY n.nspname, p.proname, 4`,
      ),
    // Identity columns' sequences (dependency 'i') are part of their column, not objects of their own.
    () =>
      db.query<{
        schema: string;
        name: string;
        type: string;
        start: string;
        increment: string;
        min: string;
        max: string;
        cycle: boolean;
        owner: string | null;
      }>(
        `SELECT n.nspname AS schema, c.relname AS name, format_type(s.seqtypid, NULL) AS type,
              s.seqstart::text AS start, s.seqincrement::text AS increment, s.seqmin::text AS min, s.seqmax::text AS max,
              s.seqcycle AS cycle,
              (SELECT t.relname || '.' || a.attname FROM pg_depend d
                 JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
                WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype = 'a'
                LIMIT 1) AS owner
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_sequence s ON s.seqrelid = c.oid
        WHERE c.relkind = 'S' AND ${USER_SCHEMAS}
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('i', 'e'))
        ORDER BY n.nspname, c.relname`,
      ),
    // Columns in the key's order (conkey and confkey pair up by position).
    () =>
      db.query<{ rel: number; name: string; columns: string[]; schema: string; table: string; refs: string[] }>(
        `SELECT k.conrelid::int AS rel, k.conname AS name,
              ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum ORDER BY u.ord) AS columns,
              rn.nspname AS schema, r.relname AS table,
              ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum ORDER BY u.ord) AS refs
         FROM pg_constraint k
         JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_class r ON r.oid = k.confrelid JOIN pg_namespace rn ON rn.oid = r.relnamespace
        WHERE k.contype = 'f' AND k.conparentid = 0 AND ${USER_SCHEMAS}
        ORDER BY k.conname`,
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
      foreignKeys: [],
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
  for (const k of foreignKeys.rows) {
    tables.get(Number(k.rel))?.foreignKeys.push({
      name: k.name,
      columns: parseTextArray(k.columns),
      references: { schema: k.schema, table: k.table, columns: parseTextArray(k.refs) },
    });
  }
  const functionsBySchema = groupBy(
    routines.rows,
    (r) => r.schema,
    (r): FunctionInfo => ({
      oid: Number(r.oid),
      name: r.name,
      arguments: r.args,
      returns: r.returns,
      kind: ROUTINE_KINDS[r.kind] ?? "function",
      language: r.language,
    }),
  );
  const sequencesBySchema = groupBy(
    sequences.rows,
    (r) => r.schema,
    (r): SequenceInfo => ({
      name: r.name,
      dataType: r.type,
      start: r.start,
      increment: r.increment,
      min: r.min,
      max: r.max,
      cycle: r.cycle,
      ownedBy: r.owner,
    }),
  );
  return {
    schemas: schemas.rows.map((s) => ({
      name: s.name,
      tables: [...tables.values()].filter((t) => t.schema === s.name).map(({ schema: _schema, ...table }) => table),
      functions: functionsBySchema.get(s.name) ?? [],
      sequences: sequencesBySchema.get(s.name) ?? [],
    })),
  };
}

function groupBy<T, U>(rows: T[], key: (row: T) => string, map: (row: T) => U): Map<string, U[]> {
  const groups = new Map<string, U[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(map(row));
    groups.set(key(row), list);
  }
  return groups;
}

/** The wire types keep arrays as PostgreSQL text (`{a,b}`); the catalog's names never need quoting rules beyond this. */
export function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return inner.split(",").map((part) => part.replace(/^"(.*)"$/, "$1").replace(/\\(.)/g, "$1"));
}
