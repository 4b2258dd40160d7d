import { and, eq } from "drizzle-orm";
import { authDataVaultEntriesTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Vault } from "../../lib/vault.ts";

const SCOPE = "auth:data-vault";

/**
 * Stack's data vault: the SDK encrypts a value on the client and hashes its key; the server keeps
 * the ciphertext sealed once more under a data key of its own (rotated with `npm run
 * secrets:rewrap`), bound to project, store and hashed key, so a row copied elsewhere does not open.
 */
export class DataVault {
  constructor(
    private store: Store,
    private vault: Vault,
  ) {}

  private aad(projectId: string, storeId: string, hashedKey: string): string {
    return JSON.stringify([projectId, storeId, hashedKey]);
  }

  async set(projectId: string, storeId: string, hashedKey: string, value: string): Promise<void> {
    const sealed = await this.vault.seal(SCOPE, value, this.aad(projectId, storeId, hashedKey));
    await this.store.db
      .insert(authDataVaultEntriesTable)
      .values({ projectId, storeId, hashedKey, sealed })
      .onConflictDoUpdate({
        target: [
          authDataVaultEntriesTable.projectId,
          authDataVaultEntriesTable.storeId,
          authDataVaultEntriesTable.hashedKey,
        ],
        set: { sealed, updatedAt: new Date() },
      });
  }

  /** The value, or null when the store has no such key. */
  async get(projectId: string, storeId: string, hashedKey: string): Promise<string | null> {
    const [row] = await this.store.db
      .select({ sealed: authDataVaultEntriesTable.sealed })
      .from(authDataVaultEntriesTable)
      .where(
        and(
          eq(authDataVaultEntriesTable.projectId, projectId),
          eq(authDataVaultEntriesTable.storeId, storeId),
          eq(authDataVaultEntriesTable.hashedKey, hashedKey),
        ),
      );
    if (!row) return null;
    return this.vault.open(SCOPE, row.sealed, this.aad(projectId, storeId, hashedKey));
  }
}
