import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// Crockford base32 in lower case (no i, l, o, u): the alphabet of Stack's codes and refresh tokens.
export const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

/** 45 characters carry 225 bits, matching Stack's refresh tokens and verification codes. */
export function randomToken(length = 45): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += CROCKFORD[byte & 31];
  return out;
}

/** How tokens and keys are kept at rest: they are long random strings, so a plain SHA-256 suffices. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/** Compares two secrets without leaking where they differ (the digests have equal length). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}
