import type { ApiErrorCode, ApiErrorDetails } from "@contract/api-errors";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ApiError } from "@/lib/api-client";
import { type ErrorSubject, type ErrorTextEntry, entrySentence, entryVariants } from "./error-text-entry";
import { loadErrorTexts, loadedErrorTexts } from "./load-error-texts";
import { SCHEMA_FIELD_TEXTS } from "./schema-field-texts";

/**
 * The code of a Stack SDK known error (`KnownError.errorCode`), or of an error that carries the
 * auth service's code as `code` (an ApiError of service "auth"), if `error` is one.
 */
export function authErrorCode(error: unknown): string | undefined {
  const known = error as { errorCode?: unknown; code?: unknown } | null;
  if (typeof known?.errorCode === "string") return known.errorCode;
  if (!(error instanceof Error)) return undefined;
  return typeof known?.code === "string" ? known.code : sdkStatusErrorCode(error.message);
}

/**
 * The code of an auth service answer that is not a known error (a StatusError, `{code, error}`
 * without the known-error header, as Stack answers such refusals in plain text): the Stack SDK
 * throws it as a plain Error "Failed to send request to <url>: <status> <body>".
 */
function sdkStatusErrorCode(message: string): string | undefined {
  const body = /^Failed to send request to \S+: 4\d\d (\{.*\})$/s.exec(message)?.[1];
  if (!body) return undefined;
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === "string" && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The field a SCHEMA_ERROR names first (`title: title is required` → `title`). */
function schemaField(message: string): string | undefined {
  return /^([A-Za-z_]+)(?:\.[\w.]+)?: /.exec(message)?.[1];
}

/** Own entries only: a code like `constructor` must not find Object's. */
function lookup<T>(texts: Record<string, T>, code: string): T | undefined {
  return Object.hasOwn(texts, code) ? texts[code] : undefined;
}

/** An error of the app API (the auth service's share some codes, with other meanings). */
function isFromApi(error: unknown): error is ApiError {
  return error instanceof ApiError && error.service === "api";
}

function entryFor(error: unknown): ErrorTextEntry | undefined {
  const texts = loadedErrorTexts();
  if (!texts) {
    // Only an error that reached the UI by a path that does not load the maps (see
    // load-error-texts.ts): this one shows the server's words, the next ones their texts.
    void loadErrorTexts();
    return undefined;
  }
  if (isFromApi(error)) return lookup(texts.api, error.code);
  const code = authErrorCode(error);
  if (!code) return undefined;
  return lookup(texts.auth, code) ?? lookup(texts.api, code);
}

/**
 * The one way the web app turns an error into words: the app API's and the auth service's codes
 * map to the user's language (with the details the code carries, or worded for `subject`); the
 * server's own (English) message only for a code this build does not know; `fallback` (or a
 * general sentence) for everything else.
 */
export function errorText(i18n: I18n, error: unknown, fallback?: MessageDescriptor, subject?: ErrorSubject): string {
  if (isFromApi(error) && error.code === "SCHEMA_ERROR") {
    const field = schemaField(error.message);
    const text = field ? lookup(SCHEMA_FIELD_TEXTS, field) : undefined;
    if (text) return i18n._(text);
  }
  const entry = entryFor(error);
  if (entry) {
    const variants = entryVariants(entry);
    const about = subject ? variants?.about?.[subject] : undefined;
    if (about) return i18n._(about);
    const detailed = isFromApi(error) ? variants?.detailed?.(i18n, error.details ?? {}) : undefined;
    if (detailed) return detailed;
    const text = i18n._(entrySentence(entry));
    // The auth service's SCHEMA_ERROR covers many refusals (a permission containing itself, an
    // http domain in production mode): its detail names which, so it follows the sentence.
    const detail = authSchemaDetail(error);
    return detail ? `${text} ${detail}` : text;
  }
  // The server's own words, never the SDK's "Failed to send request to …" wrapping of them.
  const carried = error as { errorCode?: unknown; code?: unknown } | null;
  const fromServer =
    error instanceof ApiError || typeof carried?.errorCode === "string" || typeof carried?.code === "string";
  if (fromServer && error instanceof Error && error.message.trim() !== "") return error.message;
  return i18n._(fallback ?? msg`Something went wrong. Please try again.`);
}

/** The auth service's own words on a SCHEMA_ERROR, without Stack's generic preamble. */
function authSchemaDetail(error: unknown): string | undefined {
  if (isFromApi(error) || authErrorCode(error) !== "SCHEMA_ERROR") return undefined;
  if (!(error instanceof Error)) return undefined;
  const detail = error.message.replace(/^Request validation failed on [^:]*:\s*/i, "").trim();
  return detail || undefined;
}

/**
 * Whether `error` is the app API's `code` (for flows that react to one, like an existing key). The
 * code is one of the registry's, so a misspelt or removed code fails `tsc`, and the narrowed error
 * carries that code's details as the registry declares them.
 */
export function isApiError<C extends ApiErrorCode>(
  error: unknown,
  code: C,
): error is ApiError & { code: C; details?: ApiErrorDetails<C> } {
  return isFromApi(error) && error.code === code;
}

/** The text of an auth-service code, for a check the browser makes itself before sending. */
export async function authCodeText(i18n: I18n, code: string): Promise<string> {
  await loadErrorTexts();
  const entry = lookup(loadedErrorTexts()?.auth ?? {}, code);
  return entry ? i18n._(entrySentence(entry)) : code;
}
