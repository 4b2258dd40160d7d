import { describe, expect, it } from "vitest";
import { canSubmitNewSecret, MASKED_VALUE } from "./mask";

describe("secret masking", () => {
  it("is twelve dot characters whatever the value", () => {
    expect(MASKED_VALUE).toBe("••••••••••••");
    expect([...MASKED_VALUE]).toHaveLength(12);
  });
});

describe("canSubmitNewSecret", () => {
  it("needs a key and a value and nothing saving", () => {
    expect(canSubmitNewSecret("API_KEY", "x", false)).toBe(true);
    expect(canSubmitNewSecret("", "x", false)).toBe(false);
    expect(canSubmitNewSecret("   ", "x", false)).toBe(false);
    expect(canSubmitNewSecret("API_KEY", "", false)).toBe(false);
    expect(canSubmitNewSecret("API_KEY", "x", true)).toBe(false);
  });
});
