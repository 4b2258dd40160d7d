import type { EditorTable } from "@contract/schema-editor";

export type StructureChange =
  | { kind: "column_added" | "column_removed"; name: string }
  | { kind: "column_changed"; name: string; from: string; to: string }
  | { kind: "constraints_changed" | "indexes_changed" | "renamed_or_dropped" };

const typeText = (c: EditorTable["columns"][number]) =>
  `${c.type.sql}${c.type.modifier ? `(${c.type.modifier})` : ""}${c.type.array ? "[]" : ""}${c.nullable ? "" : " not null"}${c.defaultExpression ? ` default ${c.defaultExpression}` : ""}`;

/** What someone else changed between the table the editor loaded and the table as it is now. */
export function structureChanges(loaded: EditorTable, now: EditorTable | null): StructureChange[] {
  if (!now) return [{ kind: "renamed_or_dropped" }];
  const out: StructureChange[] = [];
  const before = new Map(loaded.columns.map((c) => [c.name, c]));
  const after = new Map(now.columns.map((c) => [c.name, c]));
  for (const [name, column] of after) {
    const old = before.get(name);
    if (!old) out.push({ kind: "column_added", name });
    else if (typeText(old) !== typeText(column)) {
      out.push({ kind: "column_changed", name, from: typeText(old), to: typeText(column) });
    }
  }
  for (const name of before.keys()) if (!after.has(name)) out.push({ kind: "column_removed", name });
  const keys = (t: EditorTable) =>
    JSON.stringify([t.checks, t.foreignKeys, t.columns.map((c) => [c.unique, c.primaryKey])]);
  if (keys(loaded) !== keys(now)) out.push({ kind: "constraints_changed" });
  if (JSON.stringify(loaded.indexes) !== JSON.stringify(now.indexes)) out.push({ kind: "indexes_changed" });
  return out;
}
