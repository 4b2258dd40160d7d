import { describe, expect, it } from "vitest";
import { rowsToMarkdown } from "./markdown";

describe("grid as Markdown", () => {
  it("writes a table with escaped pipes, line breaks, NULLs and numbers right-aligned", () => {
    expect(
      rowsToMarkdown(
        ["id", "name|x"],
        [
          [1, "a|b"],
          [2, "two\nlines"],
          [null, null],
        ],
      ),
    ).toBe(["| id | name\\|x |", "| --: | --- |", "| 1 | a\\|b |", "| 2 | two<br>lines |", "|  |  |"].join("\n"));
  });

  it("writes the header alone for no rows", () => {
    expect(rowsToMarkdown(["a"], [])).toBe("| a |\n| --- |");
  });
});
