import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { ApiError, apiRequest } from "../api-client";
import { errorText } from "./error-text";
import { loadedErrorTexts } from "./load-error-texts";

describe("the error-code texts", () => {
  it("are not loaded up front, and are there when the API client's first error arrives", async () => {
    expect(loadedErrorTexts()).toBeUndefined();
    // No server in a unit test: the request fails like a lost connection does.
    const failure = await apiRequest("/apps").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("network");
    expect(loadedErrorTexts()).toBeDefined();
    i18n.activate("en");
    expect(errorText(i18n, failure)).toBe("The server could not be reached. Check your connection and try again.");
  });
});
