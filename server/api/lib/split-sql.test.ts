import { describe, expect, it } from "vitest";
import { splitSql } from "./split-sql.ts";

describe("splitSql", () => {
  it("splits at top-level semicolons only, keeping offsets into the original text", async () => {
    const sql = "SELECT ';' AS a; SELECT $$x;y$$;\n-- c;\nSELECT \"we;ird\" FROM t /* ; */;  ;";
    const parts = await splitSql(sql);
    expect(parts.map((p) => p.text.trim())).toEqual([
      "SELECT ';' AS a",
      "SELECT $$x;y$$",
      '-- c;\nSELECT "we;ird" FROM t /* ; */',
    ]);
    for (const part of parts) expect(sql.slice(part.offset, part.offset + part.text.length)).toBe(part.text);
  });

  it("counts characters, not bytes, in front of a statement", async () => {
    const parts = await splitSql("SELECT 'äöü'; SELECT 2");
    expect(parts[1]).toEqual({ text: " SELECT 2", offset: 13 });
  });

  it("sends text the scanner rejects as one statement, and nothing for comments only", async () => {
    expect(await splitSql("SELECT 'unterminated; SELECT 2")).toHaveLength(1);
    expect(await splitSql("-- nothing\n;")).toEqual([]);
  });
});
