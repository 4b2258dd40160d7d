import pg from "pg";
import type { ColumnType, EditorForeignKey, EditorIndex } from "../../contract/schema-editor.ts";

/** Every name the editor writes goes through here: `a"; drop table x; --` stays one identifier. */
export const ident = (name: string) => pg.escapeIdentifier(name);
export const literal = (text: string) => pg.escapeLiteral(text);
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** Types whose modifier follows the name: `character varying(20)`, `numeric(10,2)`. */
export const SUFFIX_MODIFIER_TYPES = new Set(["character varying", "character", "numeric", "bit", "bit varying"]);

/** The type as a column definition says it. `type.sql` was checked against the catalog first. */
export function typeSql(type: ColumnType): string {
  const modifier = type.modifier && SUFFIX_MODIFIER_TYPES.has(type.sql) ? `(${type.modifier})` : "";
  return `${type.sql}${modifier}${type.array ? "[]" : ""}`;
}

export const sameType = (a: ColumnType, b: ColumnType) =>
  a.sql === b.sql && (a.modifier ?? null) === (b.modifier ?? null) && a.array === b.array;

const FK_ACTION_SQL = {
  no_action: "NO ACTION",
  restrict: "RESTRICT",
  cascade: "CASCADE",
  set_null: "SET NULL",
  set_default: "SET DEFAULT",
} as const;

const list = (names: string[]) => names.map(ident).join(", ");

export function foreignKeySql(fk: EditorForeignKey): string {
  const ref = fk.references;
  return (
    `FOREIGN KEY (${list(fk.columns)}) REFERENCES ${qualified(ref.schema, ref.table)} (${list(ref.columns)})` +
    ` ON UPDATE ${FK_ACTION_SQL[fk.onUpdate]} ON DELETE ${FK_ACTION_SQL[fk.onDelete]}`
  );
}

export function createIndexSql(index: EditorIndex, schema: string, table: string): string {
  const parts = ["CREATE"];
  if (index.unique) parts.push("UNIQUE");
  parts.push("INDEX");
  if (index.concurrently) parts.push("CONCURRENTLY");
  if (index.name) parts.push(ident(index.name));
  parts.push("ON", qualified(schema, table), "USING", index.method, `(${list(index.columns)})`);
  if (index.predicate) parts.push("WHERE", `(${index.predicate})`);
  return parts.join(" ");
}

export const sameForeignKey = (a: EditorForeignKey, b: EditorForeignKey) =>
  JSON.stringify([a.columns, a.references, a.onUpdate, a.onDelete]) ===
  JSON.stringify([b.columns, b.references, b.onUpdate, b.onDelete]);

export const sameIndex = (a: EditorIndex, b: EditorIndex) =>
  JSON.stringify([a.name, a.columns, a.unique, a.method, a.predicate]) ===
  JSON.stringify([b.name, b.columns, b.unique, b.method, b.predicate]);
