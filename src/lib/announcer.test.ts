import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANNOUNCEMENT_LIFETIME_MS, announce, currentAnnouncements } from "./announcer";

describe("announce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps a message for 7000 ms, then clears it", () => {
    announce("App deleted successfully");
    expect(currentAnnouncements().map((a) => a.message)).toEqual(["App deleted successfully"]);
    vi.advanceTimersByTime(ANNOUNCEMENT_LIFETIME_MS - 1);
    expect(currentAnnouncements()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentAnnouncements()).toHaveLength(0);
  });
});
