import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@contract/input-limits";

/** Minimum length of a new password (the auth service's rule, and the spec's for the reset form). */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;
export const MAX_PASSWORD_LENGTH = PASSWORD_MAX_LENGTH;

export type NewPasswordProblem = "mismatch" | "too-short";

/**
 * The reset form's checks in the spec's order: the mismatch first, then the length. Both
 * fields are required, which the inputs enforce before this runs.
 */
export function checkNewPassword(password: string, confirm: string): NewPasswordProblem | null {
  if (password !== confirm) return "mismatch";
  if (password.length < MIN_PASSWORD_LENGTH) return "too-short";
  return null;
}

/** The auth service's length rule for a new password (sign-up, setup), checked before sending. */
export function passwordLengthProblem(password: string): "too-short" | "too-long" | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "too-short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too-long";
  return null;
}
