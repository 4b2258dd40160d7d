import { describe, expect, it } from "vitest";
import { checkNewPassword } from "./password-rules";

describe("checkNewPassword", () => {
  it("reports a mismatch before the length, even when both are too short", () => {
    expect(checkNewPassword("short", "other")).toBe("mismatch");
    expect(checkNewPassword("long enough 1", "long enough 2")).toBe("mismatch");
  });
  it("then requires at least 8 characters", () => {
    expect(checkNewPassword("1234567", "1234567")).toBe("too-short");
    expect(checkNewPassword("12345678", "12345678")).toBeNull();
  });
});
