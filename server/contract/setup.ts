import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./input-limits.ts";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
export const DISPLAY_NAME_MAX_LENGTH = 100;

/** The token of a setup link: base64url of 32 random bytes. */
const setupToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "token is not a setup token");

/** POST /setup/check: is the link still good? */
export const setupCheckSchema = z.strictObject({ token: setupToken });

/** POST /setup: the first operator's account. */
export const setupSchema = z.strictObject({
  token: setupToken,
  email: z.email("email is not an e-mail address").max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  displayName: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH).optional(),
});
export type SetupInput = z.input<typeof setupSchema>;

export interface SetupCheckResult {
  valid: true;
  expiresAt: string;
}

export interface SetupResult {
  userId: string;
  email: string;
}
