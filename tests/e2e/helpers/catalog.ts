import { readFileSync } from "node:fs";
import { join } from "node:path";

export type Lang = "en" | "de";
export const LANGS: readonly Lang[] = ["en", "de"];
/**
 * A spec with a desktop and a phone journey runs English at 1280 px and German at 390 px: both
 * languages and both sizes are seen, without every pairing (each costs a whole journey in CI).
 */
export const SIZE_LANG = { desktop: "en", phone: "de" } as const satisfies Record<string, Lang>;

/**
 * The languages a journey runs in: the one its spec names, so that a journey (seconds to a minute
 * of a two-core CI machine) is not paid twice for the same clicks in other words. Half of the
 * journeys are German; every screen is also toured in German by german-tour.spec.ts, which fails on
 * any English text left, and forms and dialogs are rendered in both languages by their component
 * tests. `E2E_LANGS=all` runs every journey in both languages (before a release, after a change
 * to the i18n set-up).
 */
export function journeyLangs(lang: Lang): readonly Lang[] {
  return process.env.E2E_LANGS === "all" ? LANGS : [lang];
}

const catalogs = new Map<Lang, Map<string, string>>();

function unquote(line: string): string {
  return JSON.parse(line.slice(line.indexOf('"'))) as string;
}

/** Reads a Lingui .po catalog (single- and multi-line strings) into msgid -> msgstr. */
function loadCatalog(lang: Lang): Map<string, string> {
  const entries = new Map<string, string>();
  // The main catalog, the one the admin area and account page load with their code, and the
  // error-code texts loaded at the first error.
  const text = ["messages.po", "areas.po", "errors.po"]
    .map((file) => readFileSync(join(process.cwd(), "locales", lang, file), "utf8"))
    .join("\n\n");
  let field: "msgid" | "msgstr" | null = null;
  let id = "";
  let str = "";
  const flush = () => {
    if (id !== "") entries.set(id, str);
    id = "";
    str = "";
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("msgid ")) {
      flush();
      field = "msgid";
      id = unquote(line);
    } else if (line.startsWith("msgstr ")) {
      field = "msgstr";
      str = unquote(line);
    } else if (line.startsWith('"') && field) {
      if (field === "msgid") id += unquote(line);
      else str += unquote(line);
    } else if (line === "") {
      field = null;
    }
  }
  flush();
  return entries;
}

/**
 * The UI text for an English source message in `lang`, with `{name}` placeholders filled. The
 * tests read the shipped catalogs so they check what a German user really sees; a message that
 * is missing from a catalog fails the test instead of passing silently.
 */
/** Every message of the shipped catalogs of `lang`: English source text -> its text in `lang`. */
export function catalogEntries(lang: Lang): ReadonlyMap<string, string> {
  let catalog = catalogs.get(lang);
  if (!catalog) {
    catalog = loadCatalog(lang);
    catalogs.set(lang, catalog);
  }
  return catalog;
}

export function tr(lang: Lang, message: string, values: Record<string, string> = {}): string {
  const translated = catalogEntries(lang).get(message);
  if (translated === undefined) throw new Error(`locales/${lang}/messages.po has no message "${message}"`);
  const text = lang === "en" && translated === "" ? message : translated;
  if (text === "") throw new Error(`locales/${lang}/messages.po leaves "${message}" untranslated`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
