import { describe, expect, it } from "vitest";
import { chooseLocale, localeCookie, readCookie } from "./locale";

describe("chooseLocale", () => {
  it("prefers the cookie", () => {
    expect(chooseLocale("de", "en-US")).toBe("de");
    expect(chooseLocale("en", "de-DE")).toBe("en");
  });
  it("falls back to German only for browser languages starting with de", () => {
    expect(chooseLocale(undefined, "de-AT")).toBe("de");
    expect(chooseLocale(undefined, "DE")).toBe("de");
    expect(chooseLocale(undefined, "fr-FR")).toBe("en");
    expect(chooseLocale("xx", "en")).toBe("en");
    expect(chooseLocale(undefined, undefined)).toBe("en");
  });
});

describe("locale cookie", () => {
  it("is site-wide and lasts one year", () => {
    expect(localeCookie("de")).toBe("locale=de; Path=/; Max-Age=31536000; SameSite=Lax");
  });
  it("is read back from a cookie header", () => {
    expect(readCookie("a=1; locale=de; b=2", "locale")).toBe("de");
    expect(readCookie("a=1", "locale")).toBeUndefined();
  });
});
