import type { EditorTable } from "@contract/schema-editor";
import { describe, expect, it } from "vitest";
import { structureChanges } from "./structure-changes";

const column = (name: string, sql: string) => ({
  originalName: name,
  name,
  type: { sql, modifier: null, array: false },
  nullable: true,
  defaultKind: "none" as const,
  defaultExpression: null,
  unique: false,
  primaryKey: false,
  using: null,
  comment: null,
});
const table = (columns: EditorTable["columns"]): EditorTable => ({
  schema: "public",
  name: "t",
  comment: null,
  columns,
  checks: [],
  foreignKeys: [],
  indexes: [],
});

describe("structureChanges", () => {
  it("names added, removed and retyped columns", () => {
    const loaded = table([column("a", "text"), column("b", "integer")]);
    const now = table([column("a", "bigint"), column("c", "uuid")]);
    expect(structureChanges(loaded, now)).toEqual([
      { kind: "column_changed", name: "a", from: "text", to: "bigint" },
      { kind: "column_added", name: "c" },
      { kind: "column_removed", name: "b" },
    ]);
  });
  it("says when the table is gone", () => {
    expect(structureChanges(table([]), null)).toEqual([{ kind: "renamed_or_dropped" }]);
  });
});
