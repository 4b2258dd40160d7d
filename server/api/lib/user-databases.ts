import type { Database } from "../../contract/databases.ts";
import type { userDatabasesTable } from "../../db/schema/index.ts";
import type { DatabaseRef } from "./connections.ts";
import type { ApiDeps } from "./deps.ts";

export type UserDatabaseRow = typeof userDatabasesTable.$inferSelect;

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
  };
}

/** What the connection manager needs, with an external URL or a role's password opened from its envelope. */
export async function databaseRef(deps: ApiDeps, row: UserDatabaseRow): Promise<DatabaseRef> {
  const scope = databaseScope(row.id);
  const url = row.encryptedUrl ? await deps.vault.open(scope, row.encryptedUrl, URL_AAD) : undefined;
  const rolePassword = row.encryptedRolePassword
    ? await deps.vault.open(scope, row.encryptedRolePassword, ROLE_PASSWORD_AAD)
    : undefined;
  return { id: row.id, engine: row.engine, kind: row.kind, location: row.location, url, rolePassword };
}

/** host:port/database of a URL, never its user or password. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname || "/"}`;
}
