import { describe, expect, it } from "vitest";
import { mergeDecision } from "./resolve-user.ts";

describe("mergeDecision", () => {
  it("links under link_method only when the provider and the account both proved the address", () => {
    expect(mergeDecision("link_method", true, true)).toBe("link");
    // An unverifying provider (the development one) never reaches someone else's account.
    expect(mergeDecision("link_method", false, true)).toBe("refuse");
    // An account made with an unproved address does not catch its owner's later real sign-in; its
    // refusal says to verify the address first (Stack's would_work_if_email_was_verified).
    expect(mergeDecision("link_method", true, false)).toBe("refuse-unverified");
    expect(mergeDecision("link_method", false, false)).toBe("refuse-unverified");
  });

  it("refuses under raise_error and keeps accounts apart under allow_duplicates", () => {
    for (const [provider, account] of [
      [true, true],
      [false, false],
    ] as const) {
      expect(mergeDecision("raise_error", provider, account)).toBe("refuse");
      expect(mergeDecision("allow_duplicates", provider, account)).toBe("separate");
    }
  });
});
