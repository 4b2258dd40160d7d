import { describe, expect, it } from "vitest";
import { splitStatements } from "../../../../server/sql/pg-statements";
import { planExplain, planRun } from "./pick-statements";

// The real parser produces the statements, as the /sql/split endpoint does.
async function split(text: string) {
  try {
    return { statements: await splitStatements(text), syntaxError: null };
  } catch (error) {
    return { statements: [], syntaxError: String(error) };
  }
}

const script = "SELECT 1;\nSELECT 2;\n\nDELETE FROM fruit;\nUPDATE fruit SET name = 'x' WHERE id = 1;";

describe("planRun", () => {
  it("runs the statement the cursor is in", async () => {
    const cursor = script.indexOf("2");
    expect(planRun({ mode: "cursor", text: script, cursor }, await split(script))).toEqual({
      sql: "SELECT 2",
      offset: script.indexOf("SELECT 2"),
      statementStarts: [0],
      flagged: [],
    });
  });

  it("knows where each statement of a whole run starts, so an error without a position lands on its line", async () => {
    const text = "select 1;\nselect 2;\nselect 1/0;\nselect 4";
    const plan = planRun({ mode: "all", text }, await split(text));
    expect(plan?.statementStarts.map((start) => text.slice(start).trimStart().slice(0, 10))).toEqual([
      "select 1;\n",
      "select 2;\n",
      "select 1/0",
      "select 4",
    ]);
  });

  it("runs the statement before the cursor when the cursor is after its semicolon", async () => {
    const cursor = script.indexOf("SELECT 2;") + "SELECT 2;".length;
    expect(planRun({ mode: "cursor", text: script, cursor }, await split(script))?.sql).toBe("SELECT 2");
  });

  it("flags the destructive statement at the cursor but not the guarded update", async () => {
    const deletePlan = planRun(
      { mode: "cursor", text: script, cursor: script.indexOf("DELETE") + 2 },
      await split(script),
    );
    expect(deletePlan?.flagged).toEqual([expect.objectContaining({ destructive: "delete-without-where" })]);
    const updatePlan = planRun({ mode: "cursor", text: script, cursor: script.length }, await split(script));
    expect(updatePlan?.sql).toBe("UPDATE fruit SET name = 'x' WHERE id = 1");
    expect(updatePlan?.flagged).toEqual([]);
  });

  it("runs everything and lists every destructive statement", async () => {
    const text = "DROP TABLE a; TRUNCATE b; SELECT 1";
    const plan = planRun({ mode: "all", text }, await split(text));
    expect(plan?.sql).toBe(text);
    expect(plan?.flagged.map((s) => s.destructive)).toEqual(["drop", "truncate"]);
  });

  it("runs a selection at its offset", async () => {
    const start = script.indexOf("SELECT 2");
    const end = start + "SELECT 2;".length;
    const text = script.slice(start, end);
    const plan = planRun({ mode: "selection", text: script, start, end }, await split(text));
    expect(plan).toEqual({ sql: text, offset: start, statementStarts: [0], flagged: [] });
  });

  it("asks before unparsable text that mentions a destructive word, and runs it whole", async () => {
    const text = "DROP TABLE a; SELEC 1";
    const plan = planRun({ mode: "cursor", text, cursor: 0 }, await split(text));
    expect(plan?.sql).toBe(text);
    expect(plan?.flagged).toHaveLength(1);
    expect(planRun({ mode: "all", text: "SELEC 1" }, await split("SELEC 1"))?.flagged).toEqual([]);
  });

  it("runs nothing for an empty text", async () => {
    expect(planRun({ mode: "all", text: "  -- only a comment\n" }, await split("  -- only a comment\n"))).toBeNull();
  });

  it("explains the statement at the cursor, asking before ANALYZE of a statement that writes", async () => {
    const cursor = script.indexOf("DELETE");
    const estimate = planExplain({ mode: "cursor", text: script, cursor }, await split(script), false);
    expect(estimate).toEqual({
      sql: "EXPLAIN (FORMAT JSON) DELETE FROM fruit",
      offset: cursor - 22,
      statementStarts: [22],
      flagged: [],
    });
    const analyzed = planExplain({ mode: "cursor", text: script, cursor }, await split(script), true);
    expect(analyzed?.sql).toBe("EXPLAIN (FORMAT JSON, ANALYZE) DELETE FROM fruit");
    expect(analyzed?.flagged).toEqual([{ text: "DELETE FROM fruit", destructive: "analyze-executes" }]);
    const select = planExplain({ mode: "cursor", text: script, cursor: 0 }, await split(script), true);
    expect(select?.flagged).toEqual([]);
    const cte = "WITH gone AS (DELETE FROM fruit RETURNING *) SELECT count(*) FROM gone";
    expect(planExplain({ mode: "cursor", text: cte, cursor: 0 }, await split(cte), true)?.flagged).toHaveLength(1);
  });
});
