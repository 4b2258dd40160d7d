import { describe, expect, it } from "vitest";
import { HttpError } from "./errors.ts";

describe("HttpError", () => {
  it("takes only codes of the two registries (the type check refuses any other)", () => {
    // @ts-expect-error: neither an app API code (contract/api-errors.ts) nor an auth one (contract/auth-errors.ts).
    const stray = new HttpError(400, "NOT_IN_ANY_REGISTRY", "A stray code.");
    const registered = new HttpError(404, "APP_NOT_FOUND", "App not found.");
    expect([stray.code, registered.code]).toEqual(["NOT_IN_ANY_REGISTRY", "APP_NOT_FOUND"]);
  });
});
