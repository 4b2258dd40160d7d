import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { errorText } from "@/lib/errors/error-text";

/** The service's known errors of an invitation code, in words the visitor can act on. */
const INVITATION_MESSAGES: Record<string, MessageDescriptor> = {
  VERIFICATION_CODE_NOT_FOUND: msg`This invitation link is not valid. Ask for a new invitation.`,
  VERIFICATION_CODE_EXPIRED: msg`This invitation has expired. Ask for a new invitation.`,
  VERIFICATION_CODE_ALREADY_USED: msg`This invitation has already been used.`,
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: msg`This invitation link was tried too often. Ask for a new invitation.`,
  TEAM_INVITATION_EMAIL_MISMATCH: msg`This invitation was sent to a different e-mail address. Sign in with the invited address, or add it to your account, then open the link again.`,
};

/** A sentence for a refused invitation code: the invitation's own words, else the one error map's. */
export function invitationErrorMessage(i18n: I18n, error: unknown): string {
  const code = (error as { errorCode?: unknown } | null)?.errorCode;
  const descriptor = typeof code === "string" ? INVITATION_MESSAGES[code] : undefined;
  if (descriptor) return i18n._(descriptor);
  return errorText(i18n, error, msg`An error occurred`);
}
