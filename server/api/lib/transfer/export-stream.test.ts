import { describe, expect, it } from "vitest";
import { nextBatchRows } from "./export-stream.ts";

describe("nextBatchRows", () => {
  it("reads 500 rows of narrow text, fewer as rows widen, and never none", () => {
    expect(nextBatchRows(500, 40_000)).toBe(500); // 80 characters a row
    expect(nextBatchRows(500, 500 * 1_000)).toBe(65); // 1,000 characters a row: 64 KiB
    expect(nextBatchRows(65, 65 * 20_000)).toBe(3);
    expect(nextBatchRows(3, 3 * 1_000_000)).toBe(1); // a row over 64 KiB still comes
    expect(nextBatchRows(1, 10)).toBe(500); // narrow again: back to the most
    expect(nextBatchRows(0, 0)).toBe(500);
  });
});
