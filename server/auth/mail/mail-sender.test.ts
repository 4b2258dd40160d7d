import { describe, expect, it } from "vitest";
import { sharedSender } from "./mail-sender.ts";

describe("sharedSender", () => {
  it("names a bare EMAIL_FROM after the project", () => {
    expect(sharedSender("noreply@example.com", "Stack Dashboard")).toEqual({
      name: "Stack Dashboard",
      address: "noreply@example.com",
    });
    expect(sharedSender("<noreply@example.com>", "Shop")).toEqual({ name: "Shop", address: "noreply@example.com" });
  });

  it("keeps an EMAIL_FROM that has a name, and a bare one without a project name", () => {
    expect(sharedSender("App Console <noreply@localhost>", "Shop")).toBe("App Console <noreply@localhost>");
    expect(sharedSender("noreply@example.com", undefined)).toBe("noreply@example.com");
  });
});
