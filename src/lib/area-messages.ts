import type { Locale } from "@contract/runtime-config";
import { loadErrorTexts } from "./errors/load-error-texts";
import { i18n } from "./i18n";

const areaCatalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import("../../locales/en/areas.po"),
  de: () => import("../../locales/de/areas.po"),
};

/**
 * Adds the messages of the admin area, the account, team, API-key and database pages to the
 * active catalog; their lazy routes await it together with their code. Those pages call the auth
 * service's admin API and the SDK's team methods directly, so the error-code texts come along.
 */
export async function loadAreaMessages(): Promise<void> {
  const locale = (i18n.locale || "en") as Locale;
  const [{ messages }] = await Promise.all([areaCatalogs[locale](), loadErrorTexts()]);
  i18n.load(locale, messages as never);
}
