import type { Locale } from "@contract/runtime-config";
import { i18n } from "@lingui/core";
import { installPlaceholderPolicy } from "./i18n-placeholders";
import { chooseLocale, LOCALE_COOKIE, localeCookie, readCookie } from "./locale";

installPlaceholderPolicy(i18n, { throwOnMissing: import.meta.env.DEV });

export { i18n };

const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import("../../locales/en/messages.po"),
  de: () => import("../../locales/de/messages.po"),
};

/** Picks the locale, writes the cookie when there was none, and loads only that catalog. */
export async function activateLocale(): Promise<Locale> {
  const fromCookie = readCookie(document.cookie, LOCALE_COOKIE);
  const locale = chooseLocale(fromCookie, navigator.language);
  if (fromCookie !== locale) document.cookie = localeCookie(locale);
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  document.documentElement.lang = locale;
  return locale;
}

/** Changing the language reloads the page, so every lazily loaded chunk renders in the new one. */
export function switchLocale(locale: Locale): void {
  document.cookie = localeCookie(locale);
  window.location.reload();
}
