import { describe, expect, it } from "vitest";
import { hasSessionCookie, mayHaveSession } from "./session-hint";

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

describe("mayHaveSession", () => {
  it("sees a refresh cookie of any project, and nothing else", () => {
    expect(mayHaveSession(`locale=de; stack-refresh-${id}--default=%7B%7D`)).toBe(true);
    expect(mayHaveSession("__Host-hexclave-refresh-other--default=x")).toBe(true);
    expect(mayHaveSession("stack-refresh=legacy")).toBe(true);
    expect(mayHaveSession(`stack-refresh-${id}--default=`)).toBe(false);
    expect(mayHaveSession("stack-access=x; locale=de; sidebar:state=true")).toBe(false);
    expect(mayHaveSession("")).toBe(false);
  });
});
