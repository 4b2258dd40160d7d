import { asc, eq } from "drizzle-orm";
import type { Secret } from "../../contract/secrets.ts";
import { appSecretsTable } from "../../db/schema/index.ts";
import type { ApiDeps } from "./deps.ts";

export const secretScope = (appId: string) => `app:${appId}`;
/** Binds a ciphertext to its key name (the scope binds the app), so it cannot be moved to another row. */
export const secretAad = (key: string) => `secret:${key}`;

export type SecretRow = typeof appSecretsTable.$inferSelect;

export async function secretRows(deps: ApiDeps, appId: string): Promise<SecretRow[]> {
  return deps.store.db
    .select()
    .from(appSecretsTable)
    .where(eq(appSecretsTable.appId, appId))
    .orderBy(asc(appSecretsTable.key));
}

/** An app's secrets in clear, by key. */
export async function readSecrets(deps: ApiDeps, appId: string, rows?: SecretRow[]): Promise<Secret[]> {
  const list = rows ?? (await secretRows(deps, appId));
  const values = await deps.vault.openMany(
    secretScope(appId),
    list.map((r) => ({ sealed: r.ciphertext, aad: secretAad(r.key) })),
  );
  return list.map((r, i) => ({ key: r.key, decryptedValue: values[i] ?? "" }));
}

/** Tells the owner's open pages that this app's secrets, tokens or history changed (never a value). */
export function secretsChanged(deps: ApiDeps, ownerId: string, appId: string): Promise<void> {
  return deps.events.publish(ownerId, { type: "store", store: "appSecrets", op: "refetch", appId });
}
