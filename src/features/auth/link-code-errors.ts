import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The service's known errors of a mailed link's code, in words the visitor can act on. */
const LINK_CODE_MESSAGES: Record<string, MessageDescriptor> = {
  VERIFICATION_CODE_NOT_FOUND: msg`This link is not valid. Ask for a new one.`,
  VERIFICATION_CODE_EXPIRED: msg`This link has expired. Ask for a new one.`,
  VERIFICATION_CODE_ALREADY_USED: msg`This link has already been used.`,
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: msg`This link was tried too often. Ask for a new one.`,
};

/** Our sentence for a refused link code, or undefined when the error is not one of those. */
export function linkCodeErrorMessage(i18n: I18n, error: unknown): string | undefined {
  const code = (error as { errorCode?: unknown } | null)?.errorCode;
  const descriptor = typeof code === "string" ? LINK_CODE_MESSAGES[code] : undefined;
  return descriptor ? i18n._(descriptor) : undefined;
}
