import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ApiError } from "@/lib/api-client";
import { ROLE_NAMES } from "@/lib/workspace/role-names";
import { loadErrorTexts, loadedErrorTexts } from "./load-error-texts";
import { SCHEMA_FIELD_TEXTS } from "./schema-field-texts";

/**
 * The code of a Stack SDK known error (`KnownError.errorCode`), or of an error that carries the
 * auth service's code as `code` (an ApiError of service "auth"), if `error` is one.
 */
export function authErrorCode(error: unknown): string | undefined {
  const known = error as { errorCode?: unknown; code?: unknown } | null;
  if (typeof known?.errorCode === "string") return known.errorCode;
  return error instanceof Error && typeof known?.code === "string" ? known.code : undefined;
}

/** The field a SCHEMA_ERROR names first (`title: title is required` → `title`). */
function schemaField(message: string): string | undefined {
  return /^([A-Za-z_]+)(?:\.[\w.]+)?: /.exec(message)?.[1];
}

/** Own entries only: a code like `constructor` must not find Object's. */
function lookup(texts: Record<string, MessageDescriptor>, code: string): MessageDescriptor | undefined {
  return Object.hasOwn(texts, code) ? texts[code] : undefined;
}

function descriptorFor(error: unknown): MessageDescriptor | undefined {
  const fromApi = error instanceof ApiError && error.service === "api";
  if (fromApi && error.code === "SCHEMA_ERROR") {
    const field = schemaField(error.message);
    const text = field ? lookup(SCHEMA_FIELD_TEXTS, field) : undefined;
    if (text) return text;
  }
  const texts = loadedErrorTexts();
  if (!texts) {
    // Only an error that reached the UI by a path that does not load the maps (see
    // load-error-texts.ts): this one shows the server's words, the next ones their texts.
    void loadErrorTexts();
    return undefined;
  }
  if (fromApi) return lookup(texts.api, error.code);
  const code = authErrorCode(error);
  if (!code) return undefined;
  return lookup(texts.auth, code) ?? lookup(texts.api, code);
}

/**
 * The one way the web app turns an error into words: the app API's and the auth service's codes
 * map to the user's language; the server's own (English) message only for a code this build does
 * not know; `fallback` (or a general sentence) for everything else.
 */
export function errorText(i18n: I18n, error: unknown, fallback?: MessageDescriptor): string {
  const neededRole = teamRoleNeeded(error);
  if (neededRole) return neededRole(i18n);
  const descriptor = descriptorFor(error);
  const referenceKey = referenceErrorKey(error);
  if (descriptor && referenceKey) return i18n._(msg`Key ${referenceKey}: ${i18n._(descriptor)}`);
  if (descriptor) {
    const text = i18n._(descriptor);
    // The auth service's SCHEMA_ERROR covers many refusals (a permission containing itself, an
    // http domain in production mode): its detail names which, so it follows the sentence.
    const detail = authSchemaDetail(error);
    return detail ? `${text} ${detail}` : text;
  }
  const fromServer = error instanceof ApiError || authErrorCode(error) !== undefined;
  if (fromServer && error instanceof Error && error.message.trim() !== "") return error.message;
  return i18n._(fallback ?? msg`Something went wrong. Please try again.`);
}

/**
 * TEAM_ROLE_REQUIRED names the role the action needs (details.role): the sentence says which, so
 * the user knows whom to ask for what.
 */
function teamRoleNeeded(error: unknown): ((i18n: I18n) => string) | undefined {
  if (!(error instanceof ApiError) || error.service !== "api" || error.code !== "TEAM_ROLE_REQUIRED") return undefined;
  const role = error.details?.role;
  if (typeof role !== "string" || !Object.hasOwn(ROLE_NAMES, role)) return undefined;
  return (i18n) => {
    const name = i18n._(ROLE_NAMES[role as keyof typeof ROLE_NAMES]);
    return i18n._(msg`This needs the role ${name} in this team. Ask a team admin for it.`);
  };
}

/**
 * The key a SECRET_REFERENCE_* error is about (details.key): its sentence says "its value", and the
 * key in front says whose, among hundreds.
 */
function referenceErrorKey(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.service !== "api" || !error.code.startsWith("SECRET_REFERENCE_")) {
    return undefined;
  }
  const key = error.details?.key;
  return typeof key === "string" && key !== "" ? key : undefined;
}

/** The auth service's own words on a SCHEMA_ERROR, without Stack's generic preamble. */
function authSchemaDetail(error: unknown): string | undefined {
  if ((error instanceof ApiError && error.service === "api") || authErrorCode(error) !== "SCHEMA_ERROR")
    return undefined;
  if (!(error instanceof Error)) return undefined;
  const detail = error.message.replace(/^Request validation failed on [^:]*:\s*/i, "").trim();
  return detail || undefined;
}

/** Whether `error` is the app API's `code` (for flows that react to one, like an existing key). */
export function isApiError(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** The text of an auth-service code, for a check the browser makes itself before sending. */
export async function authCodeText(i18n: I18n, code: string): Promise<string> {
  await loadErrorTexts();
  const descriptor = lookup(loadedErrorTexts()?.auth ?? {}, code);
  return descriptor ? i18n._(descriptor) : code;
}
