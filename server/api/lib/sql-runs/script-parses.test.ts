import { describe, expect, it } from "vitest";
import { splitForExecution, splitStatements } from "../../../sql/pg-statements.ts";
import { requireReadOnlySql } from "../access/read-only-sql.ts";
import { ScriptParses } from "./script-parses.ts";

/** The real parser, counted: how many times a script was read. */
function countedParser() {
  const read: string[] = [];
  const parses = new ScriptParses((script) => {
    read.push(script);
    return splitStatements(script);
  });
  return { parses, read };
}

const SCRIPT = "SELECT 1;\nDELETE FROM t;\nSELECT 'a;b'";

describe("ScriptParses: one parse per run", () => {
  it("the workbench's split and the run after it read the text once", async () => {
    const { parses, read } = countedParser();
    const split = await parses.parse("alice", SCRIPT);
    expect(split.map((s) => [s.kind, s.destructive])).toEqual([
      ["SelectStmt", null],
      ["DeleteStmt", "delete-without-where"],
      ["SelectStmt", null],
    ]);
    // What /execute runs: a developer's statements, then a viewer's check of the same text.
    expect(await splitForExecution(SCRIPT, parses.for("alice"))).toEqual(await splitForExecution(SCRIPT));
    await expect(requireReadOnlySql(SCRIPT, parses.for("alice"))).rejects.toMatchObject({
      code: "SQL_READ_ONLY_ROLE",
    });
    expect(read).toEqual([SCRIPT]);
  });

  it("keeps each user's parses apart, and a syntax error as the same rejection", async () => {
    const { parses, read } = countedParser();
    const alice = await parses.parse("alice", SCRIPT);
    const bob = await parses.parse("bob", SCRIPT);
    expect(bob).not.toBe(alice);
    expect(bob).toEqual(alice);
    const first = await parses.parse("alice", "SELEC 1").catch((error: unknown) => error);
    const again = await parses.parse("alice", "SELEC 1").catch((error: unknown) => error);
    expect(String(first)).toMatch(/syntax error/);
    expect(again).toBe(first);
    // The broken text still runs split at its semicolons, so the database reports the error.
    expect(await splitForExecution("SELEC 1; SELECT 2", parses.for("alice"))).toHaveLength(2);
    expect(read).toEqual([SCRIPT, SCRIPT, "SELEC 1", "SELEC 1; SELECT 2"]);
  });

  it("answers frozen statements, so no caller can change another's", async () => {
    const { parses } = countedParser();
    const split = await parses.parse("alice", SCRIPT);
    expect(Object.isFrozen(split)).toBe(true);
    expect(split.every((s) => Object.isFrozen(s))).toBe(true);
  });
});
