import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { errorText } from "./error-text";
import { loadErrorTexts } from "./load-error-texts";

export type PasskeyCeremony = "register" | "sign-in";

/**
 * The browser's reasons for a failed WebAuthn ceremony, by the DOMException's name: the SDK passes
 * it on as PASSKEY_WEBAUTHN_ERROR's `details.code` (SimpleWebAuthn's WebAuthnError takes its
 * cause's name), and a DOMException thrown as it is carries it as `name`.
 */
const BY_CAUSE: Record<string, MessageDescriptor> = {
  NotAllowedError: msg`The passkey prompt was cancelled or timed out. Try again when you are ready.`,
  AbortError: msg`The passkey prompt was closed before it finished.`,
  SecurityError: msg`This address cannot use passkeys: it needs HTTPS (or localhost) and the domain the passkey belongs to.`,
  NotSupportedError: msg`This browser or device does not support the kind of passkey this site asks for.`,
  ConstraintError: msg`This authenticator cannot verify you as the site asks (no PIN or biometrics set up).`,
  UnknownError: msg`The authenticator could not handle the request. Try again or use another one.`,
};

/** InvalidStateError means different things: at registration, this device holds a passkey already. */
const INVALID_STATE: Record<PasskeyCeremony, MessageDescriptor> = {
  register: msg`This device already holds a passkey for your account.`,
  "sign-in": msg`The passkey prompt could not start. Try again.`,
};

/** SimpleWebAuthn's own codes, for an error that carries one instead of a DOMException's name. */
const BY_LIBRARY_CODE: Record<string, MessageDescriptor> = {
  ERROR_CEREMONY_ABORTED: BY_CAUSE.AbortError as MessageDescriptor,
  ERROR_INVALID_RP_ID: msg`This site's address cannot hold a passkey (invalid relying party ID).`,
  ERROR_INVALID_DOMAIN: msg`Passkeys need a secure address (HTTPS or localhost).`,
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: INVALID_STATE.register,
  ERROR_INVALID_USER_ID_LENGTH: msg`The account id does not fit a passkey (it must be 1 to 64 bytes long).`,
};

/** The browser's cause of a failed ceremony, wherever the error keeps it. */
function causeOf(error: unknown): string | undefined {
  const e = error as { errorCode?: unknown; details?: { code?: unknown }; name?: unknown; code?: unknown } | null;
  if (e?.errorCode === "PASSKEY_WEBAUTHN_ERROR" && typeof e.details?.code === "string") return e.details.code;
  if (typeof e?.code === "string" && e.code.startsWith("ERROR_")) return e.code;
  if (typeof DOMException !== "undefined" && error instanceof DOMException) return error.name;
  return undefined;
}

/**
 * A sentence for a failed passkey ceremony in the user's language: the browser's cause when known,
 * else the error's code as the one error map words it (never the SDK's English message).
 */
export async function passkeyErrorMessage(
  i18n: I18n,
  error: unknown,
  ceremony: PasskeyCeremony = "sign-in",
): Promise<string> {
  // These texts live in the error catalog, loaded with the error maps (not in every first paint).
  await loadErrorTexts();
  const cause = causeOf(error);
  if (cause === "InvalidStateError") return i18n._(INVALID_STATE[ceremony]);
  const descriptor = cause ? (BY_CAUSE[cause] ?? BY_LIBRARY_CODE[cause]) : undefined;
  if (descriptor) return i18n._(descriptor);
  const fallback =
    ceremony === "register" ? msg`The passkey could not be saved. Please try again.` : msg`Passkey sign-in failed.`;
  // A browser cause this map does not know: the browser's message would be English.
  if (cause) return i18n._(fallback);
  return errorText(i18n, error, fallback);
}
