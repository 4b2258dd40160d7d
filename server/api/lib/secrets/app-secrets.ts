import { and, asc, eq, inArray } from "drizzle-orm";
import type { Secret } from "../../../contract/secrets.ts";
import { appSecretsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import type { Vault } from "../../../lib/vault.ts";
import { ownerChannel, type ResourceOwner } from "../access/owner.ts";
import type { ApiDeps } from "../api-deps.ts";

export const secretScope = (appId: string) => `app:${appId}`;

/**
 * Binds a ciphertext to its environment, key name and version (the scope binds the app), so it
 * cannot be moved to another row, environment or version. Version 0 is a value sealed before
 * environments existed (bound to the key alone, as it was then); every write makes version 1 or more.
 */
export const secretAad = (environmentId: string, key: string, version: number) =>
  version === 0 ? `secret:${key}` : `secret:${environmentId}:${key}:${version}`;

export type SecretRow = typeof appSecretsTable.$inferSelect;

export async function secretRows(db: Db, environmentId: string): Promise<SecretRow[]> {
  return db
    .select()
    .from(appSecretsTable)
    .where(eq(appSecretsTable.environmentId, environmentId))
    .orderBy(asc(appSecretsTable.key));
}

/** One environment's secrets in clear, by key. */
export async function readSecrets(
  deps: Pick<ApiDeps, "store" | "vault">,
  appId: string,
  environmentId: string,
  rows?: SecretRow[],
): Promise<Secret[]> {
  return openSecrets(deps.vault, appId, rows ?? (await secretRows(deps.store.db, environmentId)));
}

/** Opens stored rows of one app (one data key lookup), each under the binding of its own row. */
export async function openSecrets(vault: Vault, appId: string, rows: SecretRow[]): Promise<Secret[]> {
  const values = await vault.openMany(
    secretScope(appId),
    rows.map((r) => ({ sealed: r.ciphertext, aad: secretAad(r.environmentId, r.key, r.version) })),
  );
  return rows.map((r, i) => ({ key: r.key, decryptedValue: values[i] ?? "" }));
}

/** The key's current version in the environment; undefined when it has no value there. */
export async function currentVersion(db: Db, environmentId: string, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: appSecretsTable.version })
    .from(appSecretsTable)
    .where(and(eq(appSecretsTable.environmentId, environmentId), eq(appSecretsTable.key, key)));
  return row?.version;
}

/** The current version of each named key in an environment, its row locked for this transaction. */
export async function lockedVersions(tx: Db, environmentId: string, keys: string[]): Promise<Map<string, SecretRow>> {
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(appSecretsTable)
    .where(and(eq(appSecretsTable.environmentId, environmentId), inArray(appSecretsTable.key, keys)))
    .for("update");
  return new Map(rows.map((r) => [r.key, r]));
}

export type Sealer = (plaintext: string, aad: string) => string;

/** Tells the owner's open pages (each member's, for a team) that this app's secrets, tokens or history changed (never a value). */
export function secretsChanged(deps: ApiDeps, owner: ResourceOwner, appId: string): Promise<void> {
  return deps.events.publish(ownerChannel(owner), { type: "store", store: "appSecrets", op: "refetch", appId });
}
