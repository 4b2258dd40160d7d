import { describe, expect, it } from "vitest";
import { hasSessionCookie, waitForSessionCookie } from "./session-hint";

const id = "6f1c2a44-1b7e-4c55-9d43-2f5a8c1e0b11";

describe("hasSessionCookie", () => {
  it("finds the SDK's refresh cookies for this project, in both dialects", () => {
    expect(hasSessionCookie(`locale=en; stack-refresh-${id}--default=%7B%7D`, id)).toBe(true);
    expect(hasSessionCookie(`hexclave-refresh-${id}--default=%7B%7D`, id)).toBe(true);
    expect(hasSessionCookie(`__Host-stack-refresh-${id}--default=x`, id)).toBe(true);
    expect(hasSessionCookie(`stack-refresh-${id}--custom-abc=x`, id)).toBe(true);
    expect(hasSessionCookie("stack-refresh=legacy", id)).toBe(true);
  });
  it("ignores other projects, empty values and unrelated cookies", () => {
    expect(hasSessionCookie("stack-refresh-other--default=x", id)).toBe(false);
    expect(hasSessionCookie(`stack-refresh-${id}--default=`, id)).toBe(false);
    expect(hasSessionCookie("stack-access=x; locale=de; sidebar:state=true", id)).toBe(false);
    expect(hasSessionCookie("", id)).toBe(false);
  });
});

describe("waitForSessionCookie", () => {
  it("returns as soon as the cookie appears", async () => {
    let reads = 0;
    const found = await waitForSessionCookie(id, {
      intervalMs: 1,
      timeoutMs: 1000,
      readCookies: () => (++reads >= 3 ? `stack-refresh-${id}--default=x` : ""),
    });
    expect(found).toBe(true);
    expect(reads).toBe(3);
  });
  it("gives up after the timeout", async () => {
    expect(await waitForSessionCookie(id, { intervalMs: 5, timeoutMs: 20, readCookies: () => "" })).toBe(false);
  });
});
