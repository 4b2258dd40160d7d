import type { DatabaseSchemaResponse, TableInfo } from "@contract/databases";
import { describe, expect, it } from "vitest";
import { boxSize, layoutDiagram, MAX_ROWS } from "./diagram-layout";
import { buildDiagramModel, defaultDiagramSchemas } from "./diagram-model";
import { syntheticSchema } from "./synthetic-schema";

const table = (name: string, keys: TableInfo["foreignKeys"] = [], columns = ["id"]): TableInfo => ({
  name,
  kind: "table",
  estimatedRows: 0,
  columns: columns.map((c) => ({
    name: c,
    type: "bigint",
    nullable: c !== "id",
    default: null,
    primaryKey: c === "id",
  })),
  indexes: [],
  foreignKeys: keys,
});
const key = (name: string, column: string, schema: string, target: string) => ({
  name,
  columns: [column],
  references: { schema, table: target, columns: ["id"] },
});

const schema: DatabaseSchemaResponse = {
  schemas: [
    {
      name: "public",
      tables: [
        table("customers"),
        table("orders", [key("orders_customer_fkey", "customer_id", "public", "customers")], ["id", "customer_id"]),
        table("audit", [key("audit_user_fkey", "user_id", "auth", "users")], ["id", "user_id"]),
        table('we"ird', [key("self_fkey", "parent", "public", 'we"ird')], ["id", "parent"]),
      ],
      functions: [],
      sequences: [],
    },
    { name: "auth", tables: [table("users")], functions: [], sequences: [] },
  ],
};

describe("the diagram's model", () => {
  it("joins the chosen schemas' tables by their foreign keys, keeping keys to tables not drawn", () => {
    const model = buildDiagramModel(schema, ["public"]);
    expect(model.tables.map((t) => t.id)).toEqual([
      "public.customers",
      "public.orders",
      "public.audit",
      'public.we"ird',
    ]);
    expect(model.edges.map((e) => [e.from, e.to])).toEqual([
      ["public.orders", "public.customers"],
      ['public.we"ird', 'public.we"ird'],
    ]);
    expect(model.tables.find((t) => t.tableName === "audit")?.outside).toEqual([
      { name: "audit_user_fkey", target: "auth.users" },
    ]);
    expect(model.tables.find((t) => t.tableName === "orders")?.columns.map((c) => [c.name, c.foreignKey])).toEqual([
      ["id", false],
      ["customer_id", true],
    ]);
  });

  it("draws the key across schemas when both are chosen", () => {
    const model = buildDiagramModel(schema, ["public", "auth"]);
    expect(model.edges.map((e) => e.to)).toContain("auth.users");
    expect(model.tables.find((t) => t.tableName === "audit")?.outside).toEqual([]);
  });

  it("filters by name in any case, and edges follow the tables left", () => {
    const model = buildDiagramModel(schema, ["public"], " ORD ");
    expect(model.tables.map((t) => t.tableName)).toEqual(["orders"]);
    expect(model.edges).toEqual([]);
    expect(model.tables[0]?.outside).toEqual([{ name: "orders_customer_fkey", target: "public.customers" }]);
  });

  it("starts on public, or the first schema when there is none", () => {
    expect(defaultDiagramSchemas(schema)).toEqual(["public"]);
    expect(defaultDiagramSchemas({ schemas: [schema.schemas[1] as never] })).toEqual(["auth"]);
    expect(defaultDiagramSchemas({ schemas: [] })).toEqual([]);
  });
});

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the diagram's layout", () => {
  it("places 200 tables without overlap, every key an edge with points, the unrelated ones packed beside", () => {
    const model = buildDiagramModel(syntheticSchema(200, 300), ["public"]);
    expect(model.edges).toHaveLength(300);
    const layout = layoutDiagram(model);
    expect(layout.tables).toHaveLength(200);
    const overlapping: string[] = [];
    for (let i = 0; i < layout.tables.length; i++) {
      for (let j = i + 1; j < layout.tables.length; j++) {
        const a = layout.tables[i];
        const b = layout.tables[j];
        if (a && b && overlaps(a, b)) overlapping.push(`${a.table.id} ${b.table.id}`);
      }
    }
    expect(overlapping).toEqual([]);
    for (const t of layout.tables) {
      expect(t.x + t.width).toBeLessThanOrEqual(layout.width + 0.5);
      expect(t.y + t.height).toBeLessThanOrEqual(layout.height + 0.5);
    }
    expect(layout.edges.every((e) => e.points.length >= 2)).toBe(true);
    // The 40 tables without keys are not stacked in one more column: they fill rows beside the group.
    const unrelated = layout.tables.filter(
      (t) => !layout.edges.some((e) => e.from === t.table.id || e.to === t.table.id),
    );
    expect(unrelated).toHaveLength(40);
    expect(new Set(unrelated.map((t) => t.x)).size).toBeGreaterThan(3);
  });

  it("keeps a box's height to MAX_ROWS rows however many columns its table has", () => {
    const wide = buildDiagramModel(
      {
        schemas: [
          {
            name: "public",
            tables: [
              table(
                "wide",
                [],
                Array.from({ length: 100 }, (_, i) => `c${i}`),
              ),
            ],
            functions: [],
            sequences: [],
          },
        ],
      },
      ["public"],
    );
    const [only] = wide.tables;
    if (!only) throw new Error("no table");
    expect(boxSize(only).height).toBe(boxSize({ ...only, columns: only.columns.slice(0, MAX_ROWS + 1) }).height);
  });

  it("lays out an empty model as an empty drawing", () => {
    expect(layoutDiagram({ tables: [], edges: [] })).toEqual({ width: 0, height: 0, tables: [], edges: [] });
  });
});
