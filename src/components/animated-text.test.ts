import { describe, expect, it } from "vitest";
import { SEGMENT_DURATION_SECONDS, STAGGER_SECONDS, splitSegments } from "./animated-text";

describe("splitSegments", () => {
  it("keeps the text intact whatever the split", () => {
    const text = "Your apps\nand secrets";
    for (const by of ["text", "word", "character", "line"] as const) {
      expect(splitSegments(text, by).join("")).toBe(text);
    }
  });
  it("splits by word, character and line", () => {
    expect(splitSegments("Your Apps here", "word")).toEqual(["Your ", "Apps ", "here"]);
    expect(splitSegments("Hey", "character")).toEqual(["H", "e", "y"]);
    expect(splitSegments("a\nb", "line")).toEqual(["a\n", "b"]);
  });
  it("uses the spec's stagger and duration", () => {
    expect(STAGGER_SECONDS).toEqual({ text: 0.06, word: 0.05, character: 0.03, line: 0.06 });
    expect(SEGMENT_DURATION_SECONDS).toBe(0.3);
  });
});
