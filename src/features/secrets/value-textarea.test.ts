import { describe, expect, it } from "vitest";
import { usesCrlf, withLineEndingsOf } from "./value-textarea";

describe("line endings of an edited value", () => {
  it("gives CRLF back to a value that had only CRLF", () => {
    expect(usesCrlf("a\r\nb\r\n")).toBe(true);
    expect(withLineEndingsOf("a\r\nb", "a\nb\nc")).toBe("a\r\nb\r\nc");
  });
  it("leaves LF and mixed values as the textarea gives them", () => {
    expect(usesCrlf("a\nb")).toBe(false);
    expect(usesCrlf("a\r\nb\nc")).toBe(false);
    expect(withLineEndingsOf("a\nb", "a\nb\nc")).toBe("a\nb\nc");
    expect(withLineEndingsOf("one line", "  two\tlines \n")).toBe("  two\tlines \n");
  });
});
