import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** SimpleWebAuthn's browser error codes (the SDK's PASSKEY_WEBAUTHN_ERROR details.code), in words. */
const WEBAUTHN_MESSAGES: Record<string, MessageDescriptor> = {
  ERROR_CEREMONY_ABORTED: msg`The passkey prompt was closed before it finished.`,
  ERROR_INVALID_RP_ID: msg`This site's address cannot hold a passkey (invalid relying party ID).`,
  ERROR_INVALID_DOMAIN: msg`Passkeys need a secure address (HTTPS or localhost).`,
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: msg`This authenticator already holds a passkey for your account.`,
  ERROR_INVALID_USER_ID_LENGTH: msg`The account id does not fit a passkey (it must be 1 to 64 bytes long).`,
};

/** A sentence for a failed passkey ceremony: the browser's reason when known, else the service's. */
export function passkeyErrorMessage(i18n: I18n, error: unknown): string {
  const known = error as { errorCode?: string; details?: { code?: string }; message?: string } | null;
  const browserCode = known?.errorCode === "PASSKEY_WEBAUTHN_ERROR" ? known.details?.code : undefined;
  const descriptor = browserCode ? WEBAUTHN_MESSAGES[browserCode] : undefined;
  if (descriptor) return i18n._(descriptor);
  return known?.message || i18n._(msg`Passkey sign-in failed.`);
}
