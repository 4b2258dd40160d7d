import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { KnownErrors } from "../errors/known-errors.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;

/**
 * argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): about 20-40 ms per hash on one
 * core here, so sign-in stays fast while offline guessing stays expensive.
 */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function checkPasswordRequirements(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw KnownErrors.passwordTooShort(PASSWORD_MIN_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH) throw KnownErrors.passwordTooLong(PASSWORD_MAX_LENGTH);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash. Without a hash (unknown e-mail, no password) it still
 * verifies against a dummy hash, so both cases cost the same and timing does not reveal accounts.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("dummy-password-for-constant-work");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  if (isBcrypt(passwordHash)) return bcrypt.compare(password, passwordHash).catch(() => false);
  return verify(passwordHash, password).catch(() => false);
}

const BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;
/** Imported bcrypt hashes above this cost would make each sign-in take seconds (Stack's limit too). */
const BCRYPT_MAX_COST = 16;

function isBcrypt(passwordHash: string): boolean {
  return BCRYPT.test(passwordHash);
}

/**
 * A password hash brought from another system (`password_hash` on POST/PATCH /users): bcrypt in
 * Modular Crypt Format, as Stack accepts, or this server's own argon2id. True when usable.
 */
export function isImportablePasswordHash(passwordHash: string): boolean {
  if (isBcrypt(passwordHash)) {
    try {
      return bcrypt.getRounds(passwordHash) <= BCRYPT_MAX_COST;
    } catch {
      return false;
    }
  }
  return /^\$argon2id\$v=19\$m=\d{1,7},t=\d{1,2},p=\d{1,2}\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{16,}$/.test(passwordHash);
}

/** An imported hash is replaced by this server's own kind at the first sign-in that proves the password. */
export function needsRehash(passwordHash: string): boolean {
  return isBcrypt(passwordHash);
}
