import type { Locale } from "@contract/runtime-config";
import { i18n } from "@/lib/i18n";
import type { ErrorTextEntry } from "./error-text-entry";

const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import("../../../locales/en/errors.po"),
  de: () => import("../../../locales/de/errors.po"),
};

/** Adds the maps' texts to the active catalog (lingui.config.ts gives them a catalog of their own). */
async function loadErrorMessages(): Promise<void> {
  const locale = (i18n.locale || "en") as Locale;
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages as never);
}

/** The code→text maps of api-error-texts.ts and auth-error-texts.ts, once they are loaded. */
export interface ErrorTexts {
  api: Record<string, ErrorTextEntry>;
  auth: Record<string, ErrorTextEntry>;
}

let loaded: ErrorTexts | undefined;
let pending: Promise<void> | undefined;

/** The maps, or undefined before the first error loaded them. */
export function loadedErrorTexts(): ErrorTexts | undefined {
  return loaded;
}

/**
 * Loads the maps and their catalog (about 11 KB gzip that most visits never need, so they are not
 * in the first paint). Every path an error takes to the UI awaits this before the error arrives:
 * the app API's client, the Stack SDK (src/lib/session/stack.ts) and the lazily loaded areas
 * (src/lib/area-messages.ts), so errorText() can stay synchronous. The maps count as loaded only with
 * their catalog: without it a descriptor would print its id. Never rejects: on a failed download
 * the next error tries again and errorText() meanwhile falls back to the server's own words.
 */
export function loadErrorTexts(): Promise<void> {
  pending ??= Promise.all([import("./api-error-texts"), import("./auth-error-texts"), loadErrorMessages()]).then(
    ([api, auth]) => {
      loaded = { api: api.API_ERROR_TEXTS, auth: auth.AUTH_ERROR_TEXTS };
    },
    () => {
      pending = undefined;
    },
  );
  return pending;
}
