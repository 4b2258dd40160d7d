import { describe, expect, it } from "vitest";
import { splitStatements } from "./pg-statements.ts";

describe("splitStatements (PostgreSQL parser)", () => {
  it("splits on real statement ends only: strings, dollar quotes and comments keep their semicolons", async () => {
    const script = `SELECT 'a;b';\n-- c; d\nCREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\n/* e; */ SELECT "x;y" FROM t`;
    const statements = await splitStatements(script);
    expect(statements.map((s) => s.kind)).toEqual(["SelectStmt", "CreateFunctionStmt", "SelectStmt"]);
    for (const s of statements) expect(script.slice(s.start, s.end)).toBe(s.text);
    expect(statements[1]?.text).toContain("$$ SELECT 1; $$");
  });

  it("reports positions in characters, not UTF-8 bytes", async () => {
    const script = "SELECT 'äöü€';  SELECT 2";
    const [, second] = await splitStatements(script);
    expect(second?.start).toBe(script.indexOf("SELECT 2"));
    expect(second?.text).toBe("SELECT 2");
  });

  it("flags DROP, TRUNCATE and UPDATE/DELETE without WHERE, from the parse tree", async () => {
    const statements = await splitStatements(
      "DROP TABLE t; TRUNCATE t; UPDATE t SET a = 1; DELETE FROM t; UPDATE t SET a = 1 WHERE id = 2; DELETE FROM t WHERE true; SELECT 'DROP TABLE x'",
    );
    expect(statements.map((s) => s.destructive)).toEqual([
      "drop",
      "truncate",
      "update-without-where",
      "delete-without-where",
      null,
      null,
      null,
    ]);
  });

  it("rejects a syntax error", async () => {
    await expect(splitStatements("SELEC 1")).rejects.toThrow(/syntax error/);
  });
});
