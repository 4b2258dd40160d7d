import type { DatabaseSchemaResponse } from "@contract/databases";
import { describe, expect, it } from "vitest";
import { completionsAt } from "./completion-items";

const column = (name: string, type = "text") => ({ name, type, nullable: true, default: null, primaryKey: false });
const table = (name: string, columns: string[]) => ({
  name,
  kind: "table" as const,
  estimatedRows: 0,
  columns: columns.map((c) => column(c)),
  indexes: [],
  foreignKeys: [],
});
const schema: DatabaseSchemaResponse = {
  schemas: [
    {
      name: "public",
      tables: [table("fruit", ["id", "name"]), table("orders", ["id", "fruit_id", "qty"])],
      functions: [],
      sequences: [],
    },
    { name: "billing", tables: [table("invoice", ["number", "total"])], functions: [], sequences: [] },
  ],
};
const labels = (items: ReturnType<typeof completionsAt>) => items.map((i) => i.label);

describe("completionsAt", () => {
  it("offers a table's columns after its name and a dot", () => {
    const text = "SELECT fruit.";
    expect(labels(completionsAt(text, text, schema))).toEqual(["id", "name"]);
  });

  it("resolves an alias from the FROM and JOIN clauses, also after the cursor", () => {
    const text = "SELECT o. FROM fruit f JOIN orders AS o ON o.fruit_id = f.id";
    expect(labels(completionsAt("SELECT o.", text, schema))).toEqual(["id", "fruit_id", "qty"]);
    expect(labels(completionsAt("SELECT f.na", text, schema))).toEqual(["id", "name"]);
  });

  it("offers a schema's tables after the schema name and a dot, and resolves qualified tables", () => {
    expect(labels(completionsAt("SELECT * FROM billing.", "SELECT * FROM billing.", schema))).toEqual(["invoice"]);
    const text = "SELECT i. FROM billing.invoice i";
    expect(labels(completionsAt("SELECT i.", text, schema))).toEqual(["number", "total"]);
  });

  it("offers keywords, schemas, tables and the named tables' columns elsewhere", () => {
    const text = "SELECT  FROM orders";
    const items = completionsAt("SELECT ", text, schema);
    expect(items.filter((i) => i.kind === "column").map((i) => i.label)).toEqual(["id", "fruit_id", "qty"]);
    expect(items.filter((i) => i.kind === "table").map((i) => i.label)).toEqual(["fruit", "orders", "invoice"]);
    expect(items.filter((i) => i.kind === "schema").map((i) => i.label)).toEqual(["public", "billing"]);
    expect(labels(items)).toContain("WHERE");
  });

  it("offers the user's snippets by name, inserting their SQL, but not after a qualifier", () => {
    const snippets = [{ name: "daily users", sql: "SELECT count(*) FROM users" }];
    const items = completionsAt("SEL", "SEL", schema, snippets);
    expect(items.filter((i) => i.kind === "snippet")).toEqual([
      {
        label: "daily users",
        kind: "snippet",
        detail: "SELECT count(*) FROM users",
        insertText: "SELECT count(*) FROM users",
      },
    ]);
    expect(
      completionsAt("SELECT * FROM billing.", "SELECT * FROM billing.", schema, snippets).map((i) => i.kind),
    ).toEqual(["table"]);
  });

  it("offers nothing after an unknown qualifier", () => {
    expect(completionsAt("SELECT nope.", "SELECT nope.", schema)).toEqual([]);
  });
});
