import type { Database } from "../../../contract/databases.ts";
import type { Vault } from "../../../lib/vault.ts";
import type { UserDatabaseRow } from "../access/resource-access.ts";
import type { DatabaseRef } from "./connections.ts";

export const databaseScope = (id: string) => `db:${id}`;
export const URL_AAD = "url";
export const ROLE_PASSWORD_AAD = "role-password";

export function toDatabase(row: UserDatabaseRow): Database {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    engine: row.engine,
    target: row.kind === "external" ? row.location : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: { type: row.ownerType, id: row.ownerId },
  };
}

/**
 * What the connection manager needs. The external URL and the role's password stay sealed until a
 * pool is opened: most requests find their database's pool open and never need them.
 */
export function databaseRef(deps: { vault: Vault }, row: UserDatabaseRow): DatabaseRef {
  const scope = databaseScope(row.id);
  return {
    id: row.id,
    engine: row.engine,
    kind: row.kind,
    location: row.location,
    credentials: async () => ({
      url: row.encryptedUrl ? await deps.vault.open(scope, row.encryptedUrl, URL_AAD) : undefined,
      rolePassword: row.encryptedRolePassword
        ? await deps.vault.open(scope, row.encryptedRolePassword, ROLE_PASSWORD_AAD)
        : undefined,
    }),
  };
}

/** host:port/database of a URL, never its user or password. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname || "/"}`;
}
