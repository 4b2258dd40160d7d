import { z } from "zod";

/** How many recovery codes one set has. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as shown: ten Crockford base32 characters (50 random bits) in two groups of five,
 * e.g. `7k2mq-9xw4d`. It fits the 16 characters the MFA step's `totp` field takes.
 */
export const RECOVERY_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;

/** GET /auth/mfa/recovery-codes (the signed-in user's own): how many unused codes are left. */
export const recoveryCodesLeftSchema = z.object({ remaining: z.number().int().min(0) });
export type RecoveryCodesLeft = z.infer<typeof recoveryCodesLeftSchema>;

/** POST /auth/mfa/recovery-codes: a new set, shown this once (the old set stops working). */
export const newRecoveryCodesSchema = z.object({ codes: z.array(z.string().regex(RECOVERY_CODE_PATTERN)) });
export type NewRecoveryCodes = z.infer<typeof newRecoveryCodesSchema>;

/**
 * The code as typed, in the form that is hashed: lower case without spaces or dashes, with the
 * letters Crockford base32 reads as digits (i, l → 1; o → 0) turned into them. Null when it cannot
 * be a recovery code.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
  return /^[0-9a-hjkmnp-tv-z]{10}$/.test(plain) ? plain : null;
}
