import { timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { authVerificationCodesTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { randomToken, sha256 } from "../crypto/secrets.ts";
import { KnownErrors } from "../errors/known-errors.ts";

export type CodePurpose =
  | "email_verification"
  | "password_reset"
  | "oauth_code"
  | "otp_sign_in"
  | "mfa_attempt"
  | "passkey_registration"
  | "passkey_authentication"
  | "team_invitation";

export const CODE_LIFETIME_MS: Record<CodePurpose, number> = {
  email_verification: 7 * 24 * 3600 * 1000,
  password_reset: 60 * 60 * 1000,
  oauth_code: 5 * 60 * 1000,
  // A sign-in code is typed from a mail; short-lived because its six typed characters are guessable.
  otp_sign_in: 10 * 60 * 1000,
  // Between the first factor and the TOTP code.
  mfa_attempt: 10 * 60 * 1000,
  // A WebAuthn ceremony's challenge: the browser answers within its own one-minute timeout.
  passkey_registration: 5 * 60 * 1000,
  passkey_authentication: 5 * 60 * 1000,
  // An invitation waits in a mailbox; a week, as Stack's do.
  team_invitation: 7 * 24 * 3600 * 1000,
};
/** Characters of a 45-character sign-in code the user types; the rest (the nonce) stays with the page that asked. */
export const TYPED_CODE_LENGTH = 6;

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Each use (check or redeem) of a code counts; past this many it is dead. */
export const CODE_MAX_ATTEMPTS = 20;

export type CodeRow = typeof authVerificationCodesTable.$inferSelect;

/** 45-character single-use codes, stored hashed, each state answered with its known error. */
export class CodeStore {
  constructor(private store: Store) {}

  async create(
    projectId: string,
    purpose: CodePurpose,
    userId: string | null,
    data: Record<string, unknown>,
  ): Promise<string> {
    return (await this.issue(projectId, purpose, userId, data)).code;
  }

  /** Like create, also answering the row id (by which a listed code, e.g. an invitation, is named). */
  async issue(
    projectId: string,
    purpose: CodePurpose,
    userId: string | null,
    data: Record<string, unknown>,
  ): Promise<{ code: string; id: string }> {
    const code = randomToken(45);
    const [row] = await this.store.db
      .insert(authVerificationCodesTable)
      .values({
        projectId,
        purpose,
        codeHash: sha256(code),
        nonceHash: purpose === "otp_sign_in" ? sha256(code.slice(TYPED_CODE_LENGTH)) : null,
        userId,
        data,
        expiresAt: new Date(Date.now() + CODE_LIFETIME_MS[purpose]),
      })
      .returning({ id: authVerificationCodesTable.id });
    if (!row) throw new Error("code insert returned nothing");
    return { code, id: row.id };
  }

  /**
   * Counts an attempt on the code and returns it if usable: VERIFICATION_CODE_NOT_FOUND,
   * _EXPIRED, _ALREADY_USED or _MAX_ATTEMPTS_REACHED otherwise.
   */
  async check(projectId: string, purpose: CodePurpose, code: string): Promise<CodeRow> {
    const t = authVerificationCodesTable;
    const given = code.toLowerCase();
    // A sign-in code is found by its nonce, so a wrong guess at the typed part counts too.
    const byNonce = purpose === "otp_sign_in";
    const [row] = await this.store.db
      .update(t)
      .set({ attempts: sql`${t.attempts} + 1` })
      .where(
        and(
          byNonce
            ? // Codes mailed before nonce hashes existed are still found by their whole code.
              or(
                eq(t.nonceHash, sha256(given.slice(TYPED_CODE_LENGTH))),
                and(isNull(t.nonceHash), eq(t.codeHash, sha256(given))),
              )
            : eq(t.codeHash, sha256(given)),
          eq(t.projectId, projectId),
          eq(t.purpose, purpose),
        ),
      )
      .returning();
    if (!row) throw KnownErrors.verificationCodeNotFound();
    if (byNonce && !sameHash(row.codeHash, sha256(given))) throw KnownErrors.verificationCodeNotFound();
    if (row.usedAt) throw KnownErrors.verificationCodeAlreadyUsed();
    if (row.expiresAt.getTime() <= Date.now()) throw KnownErrors.verificationCodeExpired();
    if (row.attempts > CODE_MAX_ATTEMPTS) throw KnownErrors.verificationCodeMaxAttemptsReached();
    return row;
  }

  /** Checks and marks the code used, atomically: of two concurrent redeemers one gets ALREADY_USED. */
  async redeem(projectId: string, purpose: CodePurpose, code: string): Promise<CodeRow> {
    const row = await this.check(projectId, purpose, code);
    const [used] = await this.store.db
      .update(authVerificationCodesTable)
      .set({ usedAt: new Date() })
      .where(and(eq(authVerificationCodesTable.id, row.id), isNull(authVerificationCodesTable.usedAt)))
      .returning({ id: authVerificationCodesTable.id });
    if (!used) throw KnownErrors.verificationCodeAlreadyUsed();
    return row;
  }

  /** Unused, unexpired codes of a purpose whose data has `key` equal to one of `values`, oldest first. */
  listOpen(projectId: string, purpose: CodePurpose, key: string, values: string[]): Promise<CodeRow[]> {
    if (values.length === 0) return Promise.resolve([]);
    const t = authVerificationCodesTable;
    return this.store.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.projectId, projectId),
          eq(t.purpose, purpose),
          isNull(t.usedAt),
          gt(t.expiresAt, new Date()),
          inArray(sql<string>`${t.data}->>${key}`, values),
        ),
      )
      .orderBy(asc(t.createdAt), asc(t.id));
  }

  /** An open code by its row id (not its secret), for revoking and accepting listed invitations. */
  async openById(projectId: string, purpose: CodePurpose, id: string): Promise<CodeRow | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    const t = authVerificationCodesTable;
    const [row] = await this.store.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.id, id),
          eq(t.projectId, projectId),
          eq(t.purpose, purpose),
          isNull(t.usedAt),
          gt(t.expiresAt, new Date()),
        ),
      );
    return row ?? null;
  }

  /** Uses up a code by its row id; false if it was used in the meantime. */
  async consumeById(id: string): Promise<boolean> {
    const t = authVerificationCodesTable;
    const rows = await this.store.db
      .update(t)
      .set({ usedAt: new Date() })
      .where(and(eq(t.id, id), isNull(t.usedAt)))
      .returning({ id: t.id });
    return rows.length > 0;
  }

  /** Withdraws a code: afterwards it is unknown, as if never sent. */
  async deleteById(id: string): Promise<void> {
    await this.store.db.delete(authVerificationCodesTable).where(eq(authVerificationCodesTable.id, id));
  }
}
