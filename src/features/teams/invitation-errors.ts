import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { providerMessage } from "@/features/auth/known-error-message";

/** The service's known errors of an invitation code, in words the visitor can act on. */
const INVITATION_MESSAGES: Record<string, MessageDescriptor> = {
  VERIFICATION_CODE_NOT_FOUND: msg`This invitation link is not valid. Ask for a new invitation.`,
  VERIFICATION_CODE_EXPIRED: msg`This invitation has expired. Ask for a new invitation.`,
  VERIFICATION_CODE_ALREADY_USED: msg`This invitation has already been used.`,
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: msg`This invitation link was tried too often. Ask for a new invitation.`,
  TEAM_INVITATION_EMAIL_MISMATCH: msg`This invitation was sent to a different e-mail address. Sign in with the invited address, or add it to your account, then open the link again.`,
};

/** A sentence for a refused invitation code: ours for the known errors, else the service's. */
export function invitationErrorMessage(i18n: I18n, error: unknown): string {
  const code = (error as { errorCode?: unknown } | null)?.errorCode;
  const descriptor = typeof code === "string" ? INVITATION_MESSAGES[code] : undefined;
  if (descriptor) return i18n._(descriptor);
  return providerMessage(error) ?? i18n._(msg`An error occurred`);
}
