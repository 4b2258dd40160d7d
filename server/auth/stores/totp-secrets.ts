import { and, eq, isNotNull, like, not } from "drizzle-orm";
import { authUsersTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Vault } from "../../lib/vault.ts";

const SCOPE = "auth:totp";
const SEALED_PREFIX = "v1.";

/**
 * TOTP secrets at rest: sealed under the instance's envelope encryption (a data key of its own,
 * wrapped by the master key, rotated with `npm run secrets:rewrap`), bound to the user's id so a
 * secret copied to another row does not open. Plain base64 left by older versions still opens and
 * is sealed at start-up.
 */
export class TotpSecrets {
  constructor(private vault: Vault) {}

  seal(userId: string, secretBase64: string): Promise<string> {
    return this.vault.seal(SCOPE, secretBase64, userId);
  }

  async open(userId: string, stored: string): Promise<string> {
    return stored.startsWith(SEALED_PREFIX) ? this.vault.open(SCOPE, stored, userId) : stored;
  }

  /** Seals the secrets older versions stored as plain base64; returns how many. */
  async sealLegacy(store: Store): Promise<number> {
    const plain = await store.db
      .select({ id: authUsersTable.id, secret: authUsersTable.totpSecret })
      .from(authUsersTable)
      .where(and(isNotNull(authUsersTable.totpSecret), not(like(authUsersTable.totpSecret, `${SEALED_PREFIX}%`))));
    for (const row of plain) {
      if (!row.secret) continue;
      await store.db
        .update(authUsersTable)
        .set({ totpSecret: await this.seal(row.id, row.secret) })
        .where(and(eq(authUsersTable.id, row.id), eq(authUsersTable.totpSecret, row.secret)));
    }
    return plain.length;
  }
}
