import { describe, expect, it } from "vitest";
import { LIMITS } from "./rate-limit.ts";

describe("the failure limits", () => {
  it("let no single address reach an account's limit, however long it keeps trying", () => {
    const pair = LIMITS.failuresPerPair;
    const account = LIMITS.failuresPerAccount;
    // Fixed windows: one account window overlaps at most this many of an address's pair windows.
    const pairWindows = Math.ceil(account.windowSeconds / pair.windowSeconds) + 1;
    expect(pair.points * pairWindows).toBeLessThan(account.points);
  });
});
