import type { TableStructure } from "@contract/db-structure";
import type { TableFilter } from "@contract/table-filter";

export interface ForeignKeyTarget {
  schemaName: string;
  tableName: string;
  column: string;
}

/**
 * Columns whose value names a row of another table: those of single-column foreign keys (a
 * composite key's part alone names no row). Keyed by the column's name.
 */
export function foreignKeyColumns(structure: TableStructure | undefined): Map<string, ForeignKeyTarget> {
  const targets = new Map<string, ForeignKeyTarget>();
  for (const c of structure?.constraints ?? []) {
    const column = c.columns[0];
    const referenced = c.references?.columns[0];
    if (c.type !== "foreign_key" || !c.references || c.columns.length !== 1 || !column || !referenced) continue;
    targets.set(column, { schemaName: c.references.schema, tableName: c.references.table, column: referenced });
  }
  return targets;
}

/** The filter that opens the referenced table at the row a cell's value names. */
export function referencedRowFilter(target: ForeignKeyTarget, value: unknown): TableFilter {
  const text = typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
  return [{ column: target.column, op: "eq", value: text }];
}
