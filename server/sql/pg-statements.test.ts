import { describe, expect, it } from "vitest";
import { splitForExecution, splitStatements } from "./pg-statements.ts";

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

describe("splitForExecution", () => {
  it("keeps a BEGIN ATOMIC body, whose inner semicolons are no statement ends, in one statement", async () => {
    const sql =
      "CREATE FUNCTION add(a int, b int) RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT a + b; SELECT a - b; END; SELECT add(1, 2)";
    const parts = await splitForExecution(sql);
    expect(parts).toHaveLength(2);
    expect(parts[0]?.text).toMatch(/^CREATE FUNCTION .* END$/);
    expect(parts[1]).toEqual({ text: "SELECT add(1, 2)", offset: sql.indexOf("SELECT add") });
  });

  it("keeps offsets into the original text, counted in characters", async () => {
    const sql = "SELECT 'äöü'; -- c;\nSELECT $$x;y$$";
    const parts = await splitForExecution(sql);
    for (const part of parts) expect(sql.slice(part.offset, part.offset + part.text.length)).toBe(part.text);
    // A comment in front of a statement belongs to it, as the parser reports it.
    expect(parts.map((p) => p.text)).toEqual(["SELECT 'äöü'", "-- c;\nSELECT $$x;y$$"]);
  });

  it("falls back to top-level semicolons when the parser rejects the text, so earlier statements still run", async () => {
    const sql = "SELECT ';' AS a; SELEC 2; SELECT \"we;ird\" FROM t /* ; */;  ;";
    const parts = await splitForExecution(sql);
    expect(parts.map((p) => p.text.trim())).toEqual(["SELECT ';' AS a", "SELEC 2", 'SELECT "we;ird" FROM t /* ; */']);
    for (const part of parts) expect(sql.slice(part.offset, part.offset + part.text.length)).toBe(part.text);
  });

  it("sends text even the scanner rejects as one statement, and nothing for comments only", async () => {
    expect(await splitForExecution("SELECT 'unterminated; SELECT 2")).toHaveLength(1);
    expect(await splitForExecution("-- nothing\n;")).toEqual([]);
  });
});
