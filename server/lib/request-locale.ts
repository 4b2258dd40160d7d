import type { Context } from "hono";
import { getCookie } from "hono/cookie";

/** The languages the console speaks, on its pages and in the mails its servers send. */
export type Locale = "en" | "de";

/**
 * The first of `chosen` that is a language we speak (an explicit `?lang=`, the web app's `locale`
 * cookie), else the first of the browser's languages we speak, else English.
 */
export function pickLocale(chosen: ReadonlyArray<string | undefined>, acceptLanguage: string | undefined): Locale {
  for (const value of chosen) if (value === "en" || value === "de") return value;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (tag.startsWith("de")) return "de";
    if (tag.startsWith("en")) return "en";
  }
  return "en";
}

/**
 * The language of whoever sent the request: the web app's `locale` cookie (the language the person
 * chose on its pages), else their browser's. A mail asked for from one's own browser (verification,
 * reset, sign-in code) is read by that person, so it is written in this language.
 */
export function requestLocale(c: Context): Locale {
  return pickLocale([getCookie(c, "locale")], c.req.header("accept-language"));
}
