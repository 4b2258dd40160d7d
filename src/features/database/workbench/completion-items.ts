import type { DatabaseSchemaResponse } from "@contract/databases";

export interface CompletionItem {
  label: string;
  kind: "keyword" | "schema" | "table" | "column" | "snippet";
  /** The column's type, the table's schema. */
  detail?: string;
  /** What choosing it inserts, when not the label (a snippet's SQL). */
  insertText?: string;
}

// The words people type most; Monaco filters them by the typed prefix.
const KEYWORDS =
  `SELECT FROM WHERE AND OR NOT NULL IS IN EXISTS BETWEEN LIKE ILIKE AS ON JOIN LEFT RIGHT FULL INNER OUTER
CROSS LATERAL USING GROUP BY ORDER ASC DESC NULLS FIRST LAST HAVING LIMIT OFFSET DISTINCT UNION ALL INTERSECT EXCEPT
WITH RECURSIVE INSERT INTO VALUES DEFAULT UPDATE SET DELETE RETURNING CONFLICT DO NOTHING CREATE TABLE VIEW INDEX
UNIQUE PRIMARY KEY FOREIGN REFERENCES CHECK CONSTRAINT ALTER ADD COLUMN DROP RENAME TO TRUNCATE CASCADE RESTRICT
IF SCHEMA SEQUENCE FUNCTION TRIGGER BEGIN COMMIT ROLLBACK EXPLAIN ANALYZE CASE WHEN THEN ELSE END CAST COALESCE
NULLIF TRUE FALSE GRANT REVOKE MATERIALIZED REFRESH VACUUM COPY OVER PARTITION WINDOW FILTER INTERVAL`
    .split(/\s+/)
    .filter(Boolean);

type Table = DatabaseSchemaResponse["schemas"][number]["tables"][number] & { schemaName: string };

function allTables(schema: DatabaseSchemaResponse): Table[] {
  return schema.schemas.flatMap((s) => s.tables.map((table) => ({ ...table, schemaName: s.name })));
}

const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name.toLowerCase());
const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
// FROM/JOIN/UPDATE/INTO [schema.]table [AS] alias
const TABLE_REF = new RegExp(
  String.raw`\b(?:from|join|update|into)\s+(?:(${IDENT})\s*\.\s*)?(${IDENT})(?:\s+(?:as\s+)?(?!(?:where|join|on|left|right|inner|full|cross|group|order|limit|set|values|using|natural)\b)(${IDENT}))?`,
  "gi",
);

/** Tables the statement names, by the name or alias used for them. */
function tableReferences(text: string, tables: Table[]): Map<string, Table> {
  const byName = new Map<string, Table>();
  for (const match of text.matchAll(TABLE_REF)) {
    const schemaName = match[1] ? unquote(match[1]) : null;
    const tableName = unquote(match[2] as string);
    const table =
      tables.find(
        (t) => t.name === tableName && (schemaName ? t.schemaName === schemaName : t.schemaName === "public"),
      ) ?? tables.find((t) => t.name === tableName && !schemaName);
    if (!table) continue;
    byName.set(tableName, table);
    if (match[3]) byName.set(unquote(match[3]), table);
  }
  return byName;
}

const columnsOf = (table: Table): CompletionItem[] =>
  table.columns.map((c) => ({ label: c.name, kind: "column", detail: `${table.name}.${c.name}: ${c.type}` }));

/**
 * What to offer at the cursor: after `schema.` that schema's tables, after `table.` or `alias.` its
 * columns; elsewhere keywords, schemas, tables, the columns of the tables the text names, and the
 * user's snippets.
 */
export function completionsAt(
  textBeforeCursor: string,
  fullText: string,
  schema: DatabaseSchemaResponse,
  snippets: ReadonlyArray<{ name: string; sql: string }> = [],
): CompletionItem[] {
  const tables = allTables(schema);
  const qualifier = new RegExp(String.raw`(${IDENT})\s*\.\s*[\w$]*$`).exec(textBeforeCursor);
  if (qualifier) {
    const name = unquote(qualifier[1] as string);
    const referenced = tableReferences(fullText, tables).get(name);
    if (referenced) return columnsOf(referenced);
    const inSchema = schema.schemas.find((s) => s.name === name);
    if (inSchema)
      return inSchema.tables.map((t) => ({ label: t.name, kind: "table", detail: `${inSchema.name}.${t.name}` }));
    const table = tables.find((t) => t.name === name);
    return table ? columnsOf(table) : [];
  }
  const referencedColumns = [...new Set(tableReferences(fullText, tables).values())].flatMap(columnsOf);
  return [
    ...referencedColumns,
    ...tables.map((t): CompletionItem => ({ label: t.name, kind: "table", detail: `${t.schemaName}.${t.name}` })),
    ...schema.schemas.map((s): CompletionItem => ({ label: s.name, kind: "schema" })),
    ...KEYWORDS.map((k): CompletionItem => ({ label: k, kind: "keyword" })),
    // A saved snippet by its name inserts its SQL.
    ...snippets.map((s): CompletionItem => ({ label: s.name, kind: "snippet", detail: s.sql, insertText: s.sql })),
  ];
}
