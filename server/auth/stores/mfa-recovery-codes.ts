import { randomInt } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from "../../contract/mfa-recovery-codes.ts";
import { authMfaRecoveryCodesTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Vault } from "../../lib/vault.ts";
import { CROCKFORD, secretsEqual } from "../crypto/secrets.ts";

const SCOPE = "auth:mfa-recovery";

function newCode(): string {
  let plain = "";
  for (let i = 0; i < 10; i++) plain += CROCKFORD[randomInt(CROCKFORD.length)];
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/**
 * MFA recovery codes: 50 random bits each, kept as an HMAC under a data key of their own (a copy of
 * the store alone cannot walk them offline; the project and user are in the hashed text, so a
 * hash copied to another row does not match), each used once.
 */
export class MfaRecoveryCodes {
  constructor(
    private store: Store,
    private vault: Vault,
  ) {}

  private async hash(projectId: string, userId: string): Promise<(plain: string) => string> {
    const mac = await this.vault.hasher(SCOPE);
    return (plain) => mac(`${projectId}|${userId}|${plain}`);
  }

  /** A new set for the user, replacing the old one; the codes are returned this once. */
  async replace(projectId: string, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
    const hash = await this.hash(projectId, userId);
    const rows = codes.map((code) => ({
      projectId,
      userId,
      codeHash: hash(normalizeRecoveryCode(code) ?? ""),
    }));
    await this.store.db.transaction(async (tx) => {
      await tx.delete(authMfaRecoveryCodesTable).where(this.ofUser(projectId, userId));
      await tx.insert(authMfaRecoveryCodesTable).values(rows);
    });
    return codes;
  }

  async remaining(projectId: string, userId: string): Promise<number> {
    const [row] = await this.store.db
      .select({ n: count() })
      .from(authMfaRecoveryCodesTable)
      .where(this.ofUser(projectId, userId));
    return row?.n ?? 0;
  }

  /**
   * Uses up the code if it is one of the user's: every stored hash is compared in constant time
   * (no early exit), and the matching row is deleted in one statement, so two sign-ins racing with
   * the same code cannot both succeed.
   */
  async redeem(projectId: string, userId: string, typed: string): Promise<boolean> {
    const plain = normalizeRecoveryCode(typed);
    const stored = await this.store.db
      .select({ id: authMfaRecoveryCodesTable.id, codeHash: authMfaRecoveryCodesTable.codeHash })
      .from(authMfaRecoveryCodesTable)
      .where(this.ofUser(projectId, userId));
    if (!plain || stored.length === 0) return false;
    const hashed = (await this.hash(projectId, userId))(plain);
    let match: string | null = null;
    for (const row of stored) if (secretsEqual(row.codeHash, hashed)) match = row.id;
    if (!match) return false;
    const deleted = await this.store.db
      .delete(authMfaRecoveryCodesTable)
      .where(and(eq(authMfaRecoveryCodesTable.id, match), this.ofUser(projectId, userId)))
      .returning({ id: authMfaRecoveryCodesTable.id });
    return deleted.length === 1;
  }

  private ofUser(projectId: string, userId: string) {
    return and(eq(authMfaRecoveryCodesTable.projectId, projectId), eq(authMfaRecoveryCodesTable.userId, userId));
  }
}
