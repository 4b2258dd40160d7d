import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlanNode, readPlan } from "./plan-tree";

// Plans come from a real PostgreSQL (PGlite), in the shape the execute endpoint returns them.
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec(`
    CREATE TABLE fruit (id int PRIMARY KEY, name text);
    CREATE TABLE orders (id int PRIMARY KEY, fruit_id int, qty int);
    INSERT INTO fruit SELECT g, 'f' || g FROM generate_series(1, 200) g;
    INSERT INTO orders SELECT g, g % 200 + 1, g FROM generate_series(1, 5000) g;
    ANALYZE;
  `);
});
afterAll(() => db.close());

async function explain(options: string, sql: string): Promise<unknown> {
  const result = await db.query<Record<string, unknown>>(`EXPLAIN (${options}) ${sql}`);
  return result.rows[0]?.["QUERY PLAN"];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...node.children.flatMap(flatten)];
const join = "SELECT f.name, sum(o.qty) FROM orders o JOIN fruit f ON f.id = o.fruit_id GROUP BY f.name";

describe("readPlan", () => {
  it("reads an estimate: node types, relations with alias, costs, and the costliest node", async () => {
    const plan = readPlan(await explain("FORMAT JSON", join));
    expect(plan.analyzed).toBe(false);
    const nodes = flatten(plan.root);
    expect(nodes.map((n) => n.relation)).toEqual(expect.arrayContaining(["orders o", "fruit f"]));
    expect(nodes.every((n) => n.actualRows === null && n.selfMs === null)).toBe(true);
    expect(plan.root.totalCost).toBeGreaterThan(0);
    const costliest = nodes.reduce((a, b) => (b.selfCost > a.selfCost ? b : a));
    expect(plan.mostExpensiveId).toBe(costliest.id);
  });

  it("reads ANALYZE: actual rows, own times that add up to the root's, planning and execution time", async () => {
    const plan = readPlan(await explain("FORMAT JSON, ANALYZE", join));
    expect(plan.analyzed).toBe(true);
    expect(plan.executionMs).toBeGreaterThan(0);
    expect(plan.planningMs).not.toBeNull();
    const nodes = flatten(plan.root);
    const scan = nodes.find((n) => n.relation === "orders o");
    expect(scan?.actualRows).toBe(5000);
    const selfSum = nodes.reduce((sum, n) => sum + (n.selfMs ?? 0), 0);
    expect(selfSum).toBeCloseTo(plan.root.actualTotalMs ?? -1, 1);
  });

  it("accepts the plan as JSON text and rejects what is not a plan", async () => {
    const text = JSON.stringify(await explain("FORMAT JSON", "SELECT * FROM fruit WHERE id = 3"));
    expect(readPlan(text).root.relation).toMatch(/^fruit/);
    expect(() => readPlan([{ nope: 1 }])).toThrow();
  });
});
