import type { DatabaseSchemaResponse, TableInfo } from "@contract/databases";

/** One column as a row of its table's box. */
export interface DiagramColumn {
  name: string;
  type: string;
  primaryKey: boolean;
  /** Part of one of the table's foreign keys. */
  foreignKey: boolean;
  nullable: boolean;
}

export interface DiagramTable {
  /** `schema.table`, unique in the diagram. */
  id: string;
  schemaName: string;
  tableName: string;
  kind: TableInfo["kind"];
  columns: DiagramColumn[];
  /** Foreign keys whose referenced table is not drawn (another schema, or filtered out). */
  outside: { name: string; target: string }[];
}

export interface DiagramEdge {
  /** The foreign key's name with its table: two tables may each have a key of one name. */
  id: string;
  name: string;
  from: string;
  to: string;
  columns: string[];
  referencedColumns: string[];
}

export interface DiagramModel {
  tables: DiagramTable[];
  edges: DiagramEdge[];
}

export const tableId = (schemaName: string, tableName: string) => `${schemaName}.${tableName}`;

/**
 * The tables of the chosen schemas whose names contain `filter` (any case), and the foreign keys
 * between them. A key to a table that is not drawn is kept on its table as `outside`, so the list
 * and the box can still say where it points.
 */
export function buildDiagramModel(
  schema: DatabaseSchemaResponse,
  schemaNames: readonly string[],
  filter = "",
): DiagramModel {
  const needle = filter.trim().toLowerCase();
  const chosen = new Set(schemaNames);
  const tables: DiagramTable[] = [];
  const keys: { table: DiagramTable; key: TableInfo["foreignKeys"][number] }[] = [];
  for (const s of schema.schemas) {
    if (!chosen.has(s.name)) continue;
    for (const t of s.tables) {
      if (needle !== "" && !t.name.toLowerCase().includes(needle)) continue;
      const keyColumns = new Set(t.foreignKeys.flatMap((k) => k.columns));
      const table: DiagramTable = {
        id: tableId(s.name, t.name),
        schemaName: s.name,
        tableName: t.name,
        kind: t.kind,
        columns: t.columns.map((c) => ({
          name: c.name,
          type: c.type,
          primaryKey: c.primaryKey,
          foreignKey: keyColumns.has(c.name),
          nullable: c.nullable,
        })),
        outside: [],
      };
      tables.push(table);
      for (const key of t.foreignKeys) keys.push({ table, key });
    }
  }
  const drawn = new Set(tables.map((t) => t.id));
  const edges: DiagramEdge[] = [];
  for (const { table, key } of keys) {
    const to = tableId(key.references.schema, key.references.table);
    if (!drawn.has(to)) {
      table.outside.push({ name: key.name, target: to });
      continue;
    }
    edges.push({
      id: `${table.id}/${key.name}`,
      name: key.name,
      from: table.id,
      to,
      columns: key.columns,
      referencedColumns: key.references.columns,
    });
  }
  return { tables, edges };
}

/** The schemas the diagram starts with: `public` when there is one, else the first. */
export function defaultDiagramSchemas(schema: DatabaseSchemaResponse): string[] {
  const names = schema.schemas.map((s) => s.name);
  if (names.includes("public")) return ["public"];
  return names.slice(0, 1);
}
