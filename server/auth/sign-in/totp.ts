import { Secret, TOTP } from "otpauth";
import type { AuthDeps } from "../auth-env.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import type { SessionOrigin } from "../stores/sessions.ts";
import type { UserRecord } from "../stores/users.ts";
import { issueSession } from "./issue-session.ts";

const MIN_SECRET_BYTES = 10;

export function isUsableTotpSecret(base64: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(base64) && Buffer.from(base64, "base64").length >= MIN_SECRET_BYTES;
}

/** RFC 6238 defaults (SHA-1, 6 digits, 30 s) as authenticator apps expect; one step of clock drift either way. */
export function isValidTotp(secretBase64: string, token: string): boolean {
  if (!/^\d{6}$/.test(token)) return false;
  const totp = new TOTP({ secret: Secret.fromHex(Buffer.from(secretBase64, "base64").toString("hex")) });
  return totp.validate({ token, window: 1 }) !== null;
}

/**
 * The end of every first factor: a user with TOTP gets MULTI_FACTOR_AUTHENTICATION_REQUIRED and an
 * attempt code for /auth/mfa/sign-in instead of a session.
 */
export async function issueSessionAfterFirstFactor(deps: AuthDeps, user: UserRecord, origin?: SessionOrigin) {
  if (user.totpSecret) {
    const attemptCode = await deps.codes.create(user.projectId, "mfa_attempt", user.id, {});
    throw KnownErrors.multiFactorAuthenticationRequired(attemptCode);
  }
  return issueSession(deps, user, { origin });
}
