import type pg from "pg";
import type { TableStructure } from "../../contract/db-structure.ts";
import type { ColumnType, EditorColumn, EditorTable } from "../../contract/schema-editor.ts";

/**
 * Each column's type split the way the editor shows it: the catalog's name, a trailing modifier,
 * an array flag. A modifier PostgreSQL writes inside the name (`timestamp(3) with time zone`)
 * stays part of `sql`, so an untouched column always compares equal to what it was.
 */
export async function readColumnTypes(
  db: pg.Pool | pg.ClientBase,
  schema: string,
  table: string,
): Promise<Map<string, ColumnType>> {
  const { rows } = await db.query<{ name: string; plain: string; full: string; array: boolean }>(
    `SELECT a.attname AS name,
            format_type(CASE WHEN t.typcategory = 'A' THEN t.typelem ELSE t.oid END, NULL) AS plain,
            format_type(CASE WHEN t.typcategory = 'A' THEN t.typelem ELSE t.oid END, a.atttypmod) AS full,
            t.typcategory = 'A' AS array
       FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attrelid = (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                           WHERE n.nspname = $1 AND c.relname = $2)
        AND a.attnum > 0 AND NOT a.attisdropped`,
    [schema, table],
  );
  const types = new Map<string, ColumnType>();
  for (const row of rows) {
    const modifier = row.full.startsWith(`${row.plain}(`)
      ? /^\(([\d,]+)\)$/.exec(row.full.slice(row.plain.length))
      : null;
    types.set(row.name, {
      sql: modifier || row.full === row.plain ? row.plain : row.full,
      modifier: modifier?.[1] ?? null,
      array: row.array,
    });
  }
  return types;
}

const CHECK = /^CHECK \((.*)\)( NOT VALID)?$/s;

/** The editor's form of a table as the catalog has it: what `alter_table` plans are compared with. */
export function editorTableOf(structure: TableStructure, types: Map<string, ColumnType>): EditorTable {
  const uniqueColumns = new Set(
    structure.constraints.filter((c) => c.type === "unique" && c.columns.length === 1).map((c) => c.columns[0]),
  );
  const constraintNames = new Set(structure.constraints.map((c) => c.name));
  const columns = structure.columns.map(
    (column): EditorColumn => ({
      originalName: column.name,
      name: column.name,
      type: types.get(column.name) ?? { sql: column.type, modifier: null, array: false },
      nullable: column.nullable,
      defaultKind:
        column.identity === "always"
          ? "identity_always"
          : column.identity === "by_default"
            ? "identity_by_default"
            : column.default !== null
              ? "expression"
              : "none",
      defaultExpression: column.identity ? null : column.default,
      unique: uniqueColumns.has(column.name),
      primaryKey: column.primaryKeyPosition !== null,
      using: null,
      comment: column.comment,
    }),
  );
  return {
    schema: structure.schemaName,
    name: structure.name,
    comment: structure.comment,
    columns,
    checks: structure.constraints
      .filter((c) => c.type === "check")
      .map((c) => ({ originalName: c.name, expression: CHECK.exec(c.definition)?.[1] ?? c.definition })),
    foreignKeys: structure.constraints.flatMap((c) =>
      c.type === "foreign_key" && c.references
        ? [
            {
              originalName: c.name,
              columns: c.columns,
              references: { schema: c.references.schema, table: c.references.table, columns: c.references.columns },
              onUpdate: c.onUpdate ?? "no_action",
              onDelete: c.onDelete ?? "no_action",
            },
          ]
        : [],
    ),
    // Indexes behind a constraint belong to it, and expression keys have no column form: both are
    // left out here, so an edit never touches them.
    indexes: structure.indexes
      .filter((i) => !i.primary && !constraintNames.has(i.name) && i.columns.every((c) => c !== null))
      .map((i) => ({
        originalName: i.name,
        name: i.name,
        columns: i.columns as string[],
        unique: i.unique,
        method: (["btree", "hash", "gin", "gist", "brin", "spgist"] as const).find((m) => m === i.method) ?? "btree",
        predicate: i.predicate,
        concurrently: false,
      })),
  };
}
