import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DeviceSummary } from "./user-agent";

/** "Chrome on Linux", or as much of it as the User-Agent told. */
export function deviceLabel(i18n: I18n, { browser, system }: DeviceSummary): string {
  if (browser && system) return i18n._(msg`${browser} on ${system}`);
  if (browser) return browser;
  if (system) return i18n._(msg`Unknown browser on ${system}`);
  return i18n._(msg`Unknown device`);
}

/** The country's name in the page's language (the code itself where the browser has no name for it). */
export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
