/** Minimum length of a new password on reset (spec constant). */
export const MIN_PASSWORD_LENGTH = 8;

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
