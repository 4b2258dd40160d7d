import type { TableStructure } from "@contract/db-structure";
import { describe, expect, it } from "vitest";
import { foreignKeyColumns, referencedRowFilter } from "./foreign-keys";

const constraint = (columns: string[], references: TableStructure["constraints"][number]["references"]) => ({
  name: "c",
  type: "foreign_key" as const,
  definition: "",
  columns,
  references,
  onUpdate: null,
  onDelete: null,
  deferrable: false,
  validated: true,
});

describe("foreign-key cells", () => {
  it("links single-column foreign keys only, to the referenced column", () => {
    const structure = {
      constraints: [
        constraint(["customer_id"], { schema: "public", table: "customers", columns: ["id"] }),
        constraint(["a", "b"], { schema: "s", table: "pairs", columns: ["x", "y"] }),
      ],
    } as unknown as TableStructure;
    expect([...foreignKeyColumns(structure)]).toEqual([
      ["customer_id", { schemaName: "public", tableName: "customers", column: "id" }],
    ]);
    expect(foreignKeyColumns(undefined).size).toBe(0);
  });

  it("filters the referenced table to the value's text", () => {
    const target = { schemaName: "public", tableName: "customers", column: "id" };
    expect(referencedRowFilter(target, 42)).toEqual([{ column: "id", op: "eq", value: "42" }]);
    expect(referencedRowFilter(target, "9007199254740993")).toEqual([
      { column: "id", op: "eq", value: "9007199254740993" },
    ]);
  });
});
