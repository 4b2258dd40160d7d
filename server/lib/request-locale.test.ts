import { describe, expect, it } from "vitest";
import { pickLocale } from "./request-locale.ts";

describe("pickLocale", () => {
  it("takes the first chosen language we speak, then the browser's, then English", () => {
    expect(pickLocale(["de"], "en-US")).toBe("de");
    expect(pickLocale([undefined, "en"], "de-DE")).toBe("en");
    expect(pickLocale(["fr"], "fr-FR, de-AT;q=0.8, en;q=0.5")).toBe("de");
    expect(pickLocale([], "EN-gb")).toBe("en");
    expect(pickLocale([], "fr, es")).toBe("en");
    expect(pickLocale([], undefined)).toBe("en");
  });
});
