import type { I18n, MessageDescriptor } from "@lingui/core";

type Values = Record<string, unknown>;

const FORMATS = new Set(["plural", "select", "selectordinal", "number", "date", "time"]);

/** A compiled argument: `["name"]`, or `["count", "plural", {one: …, other: …}]`. */
function isArgument(part: unknown[]): part is [string, string?, unknown?] {
  const [name, format] = part;
  if (typeof name !== "string" || name === "#") return false;
  return part.length === 1 || (typeof format === "string" && FORMATS.has(format));
}

/** Placeholder names of a compiled Lingui message (`["Hi ", ["name"]]`) or of raw text. */
export function placeholderNames(translation: unknown, names = new Set<string>()): Set<string> {
  if (typeof translation === "string") {
    for (const match of translation.matchAll(/\{(\w+)\}/g)) names.add(match[1] ?? "");
  } else if (Array.isArray(translation)) {
    if (isArgument(translation)) {
      names.add(translation[0]);
      const branches = translation[2];
      if (branches && typeof branches === "object") {
        for (const branch of Object.values(branches)) placeholderNames(branch, names);
      }
    } else {
      for (const part of translation) if (typeof part !== "string") placeholderNames(part, names);
    }
  }
  return names;
}

/** Values with every missing placeholder set to its own `{name}`, so the text shows it as written. */
export function keepMissingPlaceholders(translation: unknown, values: Values | undefined): Values {
  const filled: Values = { ...values };
  for (const name of placeholderNames(translation)) {
    if (filled[name] === undefined) filled[name] = `{${name}}`;
  }
  return filled;
}

/**
 * Makes Lingui follow the spec: a `{name}` placeholder without a value stays as written
 * (Lingui would print nothing), and in development a message missing from the catalog throws
 * 'No translation found' (the production build already fails on one).
 */
export function installPlaceholderPolicy(i18n: I18n, { throwOnMissing }: { throwOnMissing: boolean }): void {
  const translate = i18n._.bind(i18n) as (id: string | MessageDescriptor, values?: Values, options?: object) => string;
  const patched = (id: string | MessageDescriptor, values?: Values, options?: { message?: string }) => {
    const descriptor: MessageDescriptor = typeof id === "string" ? { id, message: options?.message } : id;
    const catalogEntry = i18n.messages[descriptor.id];
    if (catalogEntry === undefined && throwOnMissing) throw new Error(`No translation found: ${descriptor.id}`);
    const translation = catalogEntry ?? descriptor.message ?? descriptor.id;
    const filled = keepMissingPlaceholders(translation, (typeof id === "string" ? values : id.values) as Values);
    return typeof id === "string" ? translate(id, filled, options) : translate({ ...id, values: filled });
  };
  i18n._ = patched as I18n["_"];
}
