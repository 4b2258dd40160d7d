import { describe, expect, it } from "vitest";
import { apiErrors } from "../contract/api-errors.ts";
import { knownErrors } from "../contract/auth-errors.ts";
import { FrameworkRefusal, HttpError } from "./errors.ts";

describe("HttpError", () => {
  it("takes only codes of the two registries (the type check refuses any other)", () => {
    // @ts-expect-error: neither an app API code (contract/api-errors.ts) nor an auth one (contract/auth-errors.ts).
    expect(() => new HttpError("NOT_IN_ANY_REGISTRY", "A stray code.")).toThrow("in neither error registry");
    expect(new HttpError("APP_NOT_FOUND", "App not found.").code).toBe("APP_NOT_FOUND");
  });

  it("takes its status from the registry, never from the caller", () => {
    // @ts-expect-error: a status cannot be written next to the code any more.
    expect(() => new HttpError(400, "APP_NOT_FOUND", "App not found.")).toThrow("in neither error registry");
    expect(new HttpError("APP_NOT_FOUND", "App not found.").status).toBe(404);
    expect(new HttpError("USER_EMAIL_ALREADY_EXISTS", "Taken.").status).toBe(409);
    expect(new FrameworkRefusal(405, "Method not allowed.").status).toBe(405);
  });

  it("takes the details its code's schema describes, and none for a code without", () => {
    // @ts-expect-error: DATABASE_NAME_TAKEN's details are {name}.
    new HttpError("DATABASE_NAME_TAKEN", "Taken.", { table: "x" });
    // @ts-expect-error: APP_NOT_FOUND has no details.
    new HttpError("APP_NOT_FOUND", "App not found.", { id: "x" });
    expect(new HttpError("DATABASE_NAME_TAKEN", "Taken.", { name: "x" }).details).toEqual({ name: "x" });
  });

  it("finds one status for a code both registries hold", () => {
    const shared = Object.keys(apiErrors).filter((code) => Object.hasOwn(knownErrors, code));
    expect(shared.length).toBeGreaterThan(0);
    for (const code of shared) {
      expect([code, apiErrors[code as keyof typeof apiErrors].status]).toEqual([
        code,
        knownErrors[code as keyof typeof knownErrors].status,
      ]);
    }
  });
});
