import type pg from "pg";
import type { ColumnKind } from "../../../contract/table-filter.ts";
import { apiError } from "../core/api-error.ts";
import { columnKind, TYPE_FACTS_SQL } from "./column-kinds.ts";

export interface RelationColumn {
  name: string;
  typeOid: number;
  /** format_type(): a type name PostgreSQL parses back, for casting values to the column's type. */
  sqlType: string;
  kind: ColumnKind;
  notNull: boolean;
  /** 1-based position in the primary key, or null. */
  keyPosition: number | null;
  /** Identity ALWAYS and generated columns take no values from an INSERT or COPY. */
  writable: boolean;
}

export interface Relation {
  oid: number;
  schemaName: string;
  name: string;
  relkind: string;
  /** reltuples: -1 when never analysed. */
  estimate: number;
  columns: RelationColumn[];
}

/**
 * A table or view and its columns, found by name in one catalog round trip (names are parameters);
 * SCHEMA_NOT_FOUND or TABLE_NOT_FOUND otherwise. What a caller sends is only ever compared with
 * what this answers, and SQL is built from these names, quoted.
 */
export async function lookUpRelation(client: pg.ClientBase, schemaName: string, name: string): Promise<Relation> {
  const { rows } = await client.query<{
    oid: number;
    relkind: string;
    estimate: number;
    columns: Array<{
      name: string;
      type: number;
      sqltype: string;
      category: string;
      typename: string;
      notnull: boolean;
      pk: number | null;
      writable: boolean;
    }> | null;
  }>(
    `SELECT c.oid::int AS oid, c.relkind::text AS relkind, c.reltuples::float8 AS estimate,
            (SELECT json_agg(json_build_object('name', a.attname, 'type', a.atttypid::int,
                    'sqltype', format_type(a.atttypid, a.atttypmod), 'category', f.category, 'typename', f.typename,
                    'notnull', a.attnotnull, 'writable', a.attidentity <> 'a' AND a.attgenerated = '',
                    'pk', (SELECT k.ord::int FROM pg_index i, unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                            WHERE i.indrelid = a.attrelid AND i.indisprimary AND k.attnum = a.attnum))
                    ORDER BY a.attnum)
               FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
               CROSS JOIN LATERAL (SELECT ${TYPE_FACTS_SQL}) f
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r','v','m','f','p')`,
    [schemaName, name],
  );
  const rel = rows[0];
  if (!rel) {
    const schema = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schemaName]);
    if (schema.rowCount === 0)
      throw apiError("SCHEMA_NOT_FOUND", `Schema "${schemaName}" does not exist.`, { schema: schemaName });
    throw apiError("TABLE_NOT_FOUND", `Table "${schemaName}.${name}" does not exist.`, {
      schema: schemaName,
      table: name,
    });
  }
  return {
    oid: Number(rel.oid),
    schemaName,
    name,
    relkind: rel.relkind,
    estimate: rel.estimate,
    columns: (rel.columns ?? []).map((c) => ({
      name: c.name,
      typeOid: Number(c.type),
      sqlType: c.sqltype,
      kind: columnKind(c.category, c.typename),
      notNull: c.notnull,
      keyPosition: c.pk === null ? null : Number(c.pk),
      writable: c.writable,
    })),
  };
}

/** The column named `name`, or COLUMN_NOT_FOUND naming what it was for. */
export function findColumn(relation: Relation, name: string, what: string): RelationColumn {
  const column = relation.columns.find((c) => c.name === name);
  if (!column) {
    throw apiError(
      "COLUMN_NOT_FOUND",
      `Column "${name}" (${what}) does not exist in ${relation.schemaName}.${relation.name}.`,
      { column: name },
    );
  }
  return column;
}
