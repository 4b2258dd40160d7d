import { ENVIRONMENT_SLUG_PATTERN } from "./environments.ts";
import { SECRET_KEY_MAX_LENGTH, SECRET_KEY_PATTERN } from "./secrets.ts";

/**
 * References in secret values (docs/secrets.md, "References"), shared by the server's resolver and
 * the web app's "reference" badge so both read a value the same way:
 *
 * - `${KEY}`: KEY in the same environment of the same app;
 * - `${staging.KEY}`: KEY in another environment (by slug) of the same app;
 * - `${<app id>.production.KEY}`: KEY in an environment of another app, named by the app's id (apps
 *   have no slug, and their titles are neither unique nor stable: the id is what URLs and the
 *   command line's project file name an app by).
 *
 * `$${` is a literal `${` (so `$${KEY}` reads as the text `${KEY}`). Anything else between `${` and
 * `}` that is not one of these forms (a space, a `:-default`, four parts) is left as text, so shell
 * snippets and templates stored as values keep working.
 */
export interface SecretReference {
  /** The app's id in lower case; null: the app of the value. */
  app: string | null;
  /** The environment's slug; null: the environment of the value. */
  environment: string | null;
  key: string;
  /** As written, `${…}` included (for messages). */
  text: string;
}

export type ValueSegment = { text: string } | { reference: SecretReference };

const APP_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isKey = (part: string) => part.length <= SECRET_KEY_MAX_LENGTH && SECRET_KEY_PATTERN.test(part);

/** The reference `inner` (the text between `${` and `}`) names, or null when it is not one. */
function referenceOf(inner: string): SecretReference | null {
  const parts = inner.split(".");
  const key = parts.at(-1) ?? "";
  if (!isKey(key)) return null;
  const text = `\${${inner}}`;
  if (parts.length === 1) return { app: null, environment: null, key, text };
  const environment = parts.at(-2) ?? "";
  if (!ENVIRONMENT_SLUG_PATTERN.test(environment)) return null;
  if (parts.length === 2) return { app: null, environment, key, text };
  const app = parts[0] ?? "";
  if (parts.length === 3 && APP_ID_PATTERN.test(app)) return { app: app.toLowerCase(), environment, key, text };
  return null;
}

/** A value as text and references, in order; adjacent text is joined. */
export function parseSecretValue(value: string): ValueSegment[] {
  const segments: ValueSegment[] = [];
  let text = "";
  let i = 0;
  while (i < value.length) {
    const at = value.indexOf("$", i);
    if (at < 0) {
      text += value.slice(i);
      break;
    }
    text += value.slice(i, at);
    if (value.startsWith("$${", at)) {
      text += "${";
      i = at + 3;
      continue;
    }
    if (value.startsWith("${", at)) {
      const close = value.indexOf("}", at + 2);
      const reference = close < 0 ? null : referenceOf(value.slice(at + 2, close));
      if (reference && close >= 0) {
        if (text) segments.push({ text });
        text = "";
        segments.push({ reference });
        i = close + 1;
        continue;
      }
    }
    text += "$";
    i = at + 1;
  }
  if (text) segments.push({ text });
  return segments;
}

/** Whether the value holds at least one reference (an escaped `$${` is none). */
export function hasSecretReference(value: string): boolean {
  return value.includes("${") && parseSecretValue(value).some((s) => "reference" in s);
}
