import type { Locale } from "@contract/runtime-config";

/** The contract's locales, restated so the browser bundle does not pull in zod for one array. */
export const LOCALES = ["en", "de"] as const satisfies readonly Locale[];

export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 31_536_000;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The cookie wins; without one, German for browsers whose language starts with "de", else English. */
export function chooseLocale(cookieValue: string | undefined, browserLanguage: string | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return browserLanguage?.toLowerCase().startsWith("de") ? "de" : "en";
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
