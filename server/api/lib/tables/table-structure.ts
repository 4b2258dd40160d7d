import type pg from "pg";
import type { StructureConstraint, TableStructure } from "../../../contract/db-structure.ts";
import { apiError } from "../core/api-error.ts";
import { readEach } from "../databases/catalog-reads.ts";
import { columnKind, TYPE_FACTS_SQL } from "./column-kinds.ts";
import { parseTextArray } from "./schema-introspection.ts";

const KINDS: Record<string, TableStructure["kind"]> = {
  r: "table",
  v: "view",
  m: "materialized_view",
  f: "foreign_table",
  p: "partitioned_table",
};
const CONSTRAINT_TYPES: Record<string, StructureConstraint["type"]> = {
  p: "primary_key",
  u: "unique",
  c: "check",
  f: "foreign_key",
  x: "exclusion",
};
const FK_ACTIONS: Record<string, NonNullable<StructureConstraint["onDelete"]>> = {
  a: "no_action",
  r: "restrict",
  c: "cascade",
  n: "set_null",
  d: "set_default",
};
const TRIGGER_ENABLED = { O: "origin", D: "disabled", R: "replica", A: "always" } as const;

// pg_trigger.tgtype bits (PostgreSQL's trigger.h).
const TRIGGER_ROW = 1;
const TRIGGER_BEFORE = 2;
const TRIGGER_INSERT = 4;
const TRIGGER_DELETE = 8;
const TRIGGER_UPDATE = 16;
const TRIGGER_TRUNCATE = 32;
const TRIGGER_INSTEAD = 64;

/** Names that arrive as PostgreSQL arrays: `name[]` columns come back as text (`{a,b}`) on the wire. */
const names = (value: string[] | string | null): string[] => (value === null ? [] : parseTextArray(value));

/**
 * Everything about one table or view from the catalog: columns (type, nullability, default,
 * identity, generation, comment), primary key, indexes with their size, constraints, foreign keys
 * pointing here, triggers, sizes, the estimate of rows and a view's definition. The relation is
 * found by its names as parameters; nothing the caller sent is spliced into SQL.
 */
export async function readTableStructure(
  db: pg.Pool | pg.ClientBase,
  schemaName: string,
  tableName: string,
): Promise<TableStructure> {
  const relation = await db.query<{
    oid: number;
    kind: string;
    comment: string | null;
    estimate: number;
    total: number;
    heap: number;
    indexes: number;
    view: string | null;
  }>(
    `SELECT c.oid::int AS oid, c.relkind::text AS kind, obj_description(c.oid, 'pg_class') AS comment,
            c.reltuples::float8 AS estimate,
            pg_total_relation_size(c.oid)::float8 AS total, pg_relation_size(c.oid)::float8 AS heap,
            pg_indexes_size(c.oid)::float8 AS indexes,
            CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid, true) END AS view
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r','v','m','f','p')`,
    [schemaName, tableName],
  );
  const rel = relation.rows[0];
  if (!rel) {
    const schema = await db.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schemaName]);
    if (schema.rowCount === 0)
      throw apiError("SCHEMA_NOT_FOUND", `Schema "${schemaName}" does not exist.`, { schema: schemaName });
    throw apiError("TABLE_NOT_FOUND", `Table "${schemaName}.${tableName}" does not exist.`, {
      schema: schemaName,
      table: tableName,
    });
  }
  const oid = Number(rel.oid);
  const [columns, indexes, constraints, referencedBy, triggers] = await readEach(db, [
    () =>
      db.query<{
        name: string;
        type: string;
        category: string;
        typename: string;
        notnull: boolean;
        expr: string | null;
        identity: string;
        generated: string;
        comment: string | null;
        pk: number | null;
      }>(
        `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, ${TYPE_FACTS_SQL},
              a.attnotnull AS notnull, pg_get_expr(d.adbin, d.adrelid) AS expr,
              a.attidentity::text AS identity, a.attgenerated::text AS generated,
              col_description(a.attrelid, a.attnum) AS comment,
              (SELECT k.ord::int FROM pg_index i, unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                WHERE i.indrelid = a.attrelid AND i.indisprimary AND k.attnum = a.attnum) AS pk
         FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum`,
        [oid],
      ),
    () =>
      db.query<{
        name: string;
        definition: string;
        columns: Array<string | null> | string;
        method: string;
        unique: boolean;
        primary: boolean;
        valid: boolean;
        predicate: string | null;
        size: number;
      }>(
        `SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS definition,
              ARRAY(SELECT a.attname::text FROM unnest(i.indkey[0:i.indnkeyatts - 1]) WITH ORDINALITY k(attnum, ord)
                      LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
              am.amname AS method, i.indisunique AS unique, i.indisprimary AS primary, i.indisvalid AS valid,
              pg_get_expr(i.indpred, i.indrelid) AS predicate, pg_relation_size(i.indexrelid)::float8 AS size
         FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
        WHERE i.indrelid = $1
        ORDER BY i.indisprimary DESC, ic.relname`,
        [oid],
      ),
    () =>
      db.query<{
        name: string;
        type: string;
        definition: string;
        columns: string[] | string | null;
        ref_schema: string | null;
        ref_table: string | null;
        ref_columns: string[] | string | null;
        on_update: string;
        on_delete: string;
        deferrable: boolean;
        validated: boolean;
      }>(
        `SELECT co.conname AS name, co.contype::text AS type, pg_get_constraintdef(co.oid, true) AS definition,
              ARRAY(SELECT a.attname::text FROM unnest(co.conkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
              rn.nspname AS ref_schema, rc.relname AS ref_table,
              ARRAY(SELECT a.attname::text FROM unnest(co.confkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = co.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns,
              co.confupdtype::text AS on_update, co.confdeltype::text AS on_delete,
              co.condeferrable AS deferrable, co.convalidated AS validated
         FROM pg_constraint co
         LEFT JOIN pg_class rc ON rc.oid = co.confrelid LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
        WHERE co.conrelid = $1 AND co.contype IN ('p', 'u', 'c', 'f', 'x')
        ORDER BY array_position(ARRAY['p', 'u', 'f', 'c', 'x'], co.contype::text), co.conname`,
        [oid],
      ),
    () =>
      db.query<{
        name: string;
        schema: string;
        table: string;
        columns: string[] | string;
        ref_columns: string[] | string;
      }>(
        `SELECT co.conname AS name, n.nspname AS schema, c.relname AS table,
              ARRAY(SELECT a.attname::text FROM unnest(co.conkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
              ARRAY(SELECT a.attname::text FROM unnest(co.confkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = co.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns
         FROM pg_constraint co JOIN pg_class c ON c.oid = co.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE co.confrelid = $1 AND co.contype = 'f'
        ORDER BY n.nspname, c.relname, co.conname`,
        [oid],
      ),
    () =>
      db.query<{ name: string; type: number; fn: string; enabled: string; definition: string }>(
        `SELECT tg.tgname AS name, tg.tgtype::int AS type, tg.tgfoid::regprocedure::text AS fn,
              tg.tgenabled::text AS enabled, pg_get_triggerdef(tg.oid) AS definition
         FROM pg_trigger tg
        WHERE tg.tgrelid = $1 AND NOT tg.tgisinternal
        ORDER BY tg.tgname`,
        [oid],
      ),
  ]);

  const primary = constraints.rows.find((c) => c.type === "p");
  return {
    schemaName,
    name: tableName,
    kind: KINDS[rel.kind] ?? "table",
    comment: rel.comment,
    estimatedRows: rel.estimate < 0 ? null : Math.round(rel.estimate),
    totalBytes: Number(rel.total),
    tableBytes: Number(rel.heap),
    indexBytes: Number(rel.indexes),
    columns: columns.rows.map((c) => ({
      name: c.name,
      type: c.type,
      kind: columnKind(c.category, c.typename),
      nullable: !c.notnull,
      default: c.generated ? null : c.expr,
      identity: c.identity === "a" ? "always" : c.identity === "d" ? "by_default" : null,
      generated: c.generated ? c.expr : null,
      comment: c.comment,
      primaryKeyPosition: c.pk === null ? null : Number(c.pk),
    })),
    primaryKey: primary ? { name: primary.name, columns: names(primary.columns) } : null,
    indexes: indexes.rows.map((i) => ({
      name: i.name,
      definition: i.definition,
      // An expression key has attnum 0, which joins no column: its name is null.
      columns: Array.isArray(i.columns) ? i.columns : parseNullableTextArray(i.columns),
      method: i.method,
      unique: i.unique,
      primary: i.primary,
      valid: i.valid,
      predicate: i.predicate,
      sizeBytes: Number(i.size),
    })),
    constraints: constraints.rows.map((c) => {
      const foreign = c.type === "f";
      return {
        name: c.name,
        type: CONSTRAINT_TYPES[c.type] ?? "check",
        definition: c.definition,
        columns: names(c.columns),
        references:
          foreign && c.ref_schema && c.ref_table
            ? { schema: c.ref_schema, table: c.ref_table, columns: names(c.ref_columns) }
            : null,
        onUpdate: foreign ? (FK_ACTIONS[c.on_update] ?? "no_action") : null,
        onDelete: foreign ? (FK_ACTIONS[c.on_delete] ?? "no_action") : null,
        deferrable: c.deferrable,
        validated: c.validated,
      };
    }),
    referencedBy: referencedBy.rows.map((r) => ({
      name: r.name,
      schema: r.schema,
      table: r.table,
      columns: names(r.columns),
      referencedColumns: names(r.ref_columns),
    })),
    triggers: triggers.rows.map((t) => ({
      name: t.name,
      timing: t.type & TRIGGER_INSTEAD ? "instead_of" : t.type & TRIGGER_BEFORE ? "before" : "after",
      events: [
        ...(t.type & TRIGGER_INSERT ? (["insert"] as const) : []),
        ...(t.type & TRIGGER_UPDATE ? (["update"] as const) : []),
        ...(t.type & TRIGGER_DELETE ? (["delete"] as const) : []),
        ...(t.type & TRIGGER_TRUNCATE ? (["truncate"] as const) : []),
      ],
      level: t.type & TRIGGER_ROW ? "row" : "statement",
      function: t.fn,
      enabled: TRIGGER_ENABLED[t.enabled as keyof typeof TRIGGER_ENABLED] ?? "origin",
      definition: t.definition,
    })),
    viewDefinition: rel.view,
  };
}

/** `{a,NULL,"b c"}`: like parseTextArray, with NULL kept as null (an expression in an index key). */
function parseNullableTextArray(value: string): Array<string | null> {
  const inner = value.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return inner
    .split(",")
    .map((part) => (part === "NULL" ? null : part.replace(/^"(.*)"$/, "$1").replace(/\\(.)/g, "$1")));
}

/** The whole definition of one routine by its oid; aggregates (which have none) answer their signature. */
export async function readFunctionDefinition(
  db: pg.Pool | pg.ClientBase,
  oid: number,
): Promise<{ oid: number; schemaName: string; name: string; definition: string }> {
  const { rows } = await db.query<{ schema: string; name: string; definition: string }>(
    `SELECT n.nspname AS schema, p.proname AS name,
            CASE WHEN p.prokind = 'a' THEN 'AGGREGATE ' || p.oid::regprocedure::text ELSE pg_get_functiondef(p.oid) END AS definition
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE p.oid = $1::oid`,
    [oid],
  );
  const row = rows[0];
  if (!row) throw apiError("FUNCTION_NOT_FOUND", "No function with this id; it may have been dropped or replaced.");
  return { oid, schemaName: row.schema, name: row.name, definition: row.definition };
}
