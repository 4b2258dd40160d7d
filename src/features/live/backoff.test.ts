import { describe, expect, it } from "vitest";
import { RECONNECT_MAX_MS, reconnectDelay } from "./backoff";

describe("reconnectDelay", () => {
  it("starts at 1000 ms and doubles per attempt", () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16_000]);
  });
  it("is capped at 30000 ms", () => {
    expect(reconnectDelay(5)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(50)).toBe(30_000);
  });
});
