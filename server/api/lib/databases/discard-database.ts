import type { Store } from "../../../db/store.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { Vault } from "../../../lib/vault.ts";
import type { UserDatabaseRow } from "../access/resource-access.ts";
import type { ConnectionManager } from "./connections.ts";
import { databaseRef, databaseScope } from "./user-databases.ts";

/**
 * Removes a managed database that was created but could not be filled (a branch, a restore from
 * a backup): its storage, its row and its key, so a retry with the same name works. What fails
 * here is logged; the caller reports the fill's own error.
 */
export async function discardHalfMadeDatabase(
  deps: { connections: ConnectionManager; store: Store; vault: Vault; logger: Logger },
  row: UserDatabaseRow,
  what: string,
): Promise<void> {
  await deps.connections
    .dropManaged(databaseRef(deps, row))
    .catch((err: unknown) => deps.logger.warn({ err, databaseId: row.id }, `could not drop a half-made ${what}`));
  await deps.store
    .query("DELETE FROM user_databases WHERE id = $1", [row.id])
    .catch((err: unknown) => deps.logger.warn({ err, databaseId: row.id }, `could not forget a half-made ${what}`));
  await deps.vault
    .forget(databaseScope(row.id))
    .catch((err: unknown) =>
      deps.logger.warn({ err, databaseId: row.id }, `could not forget a half-made ${what}'s key`),
    );
}
