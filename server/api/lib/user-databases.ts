import { and, eq } from "drizzle-orm";
import type { Database } from "../../contract/databases.ts";
import { userDatabasesTable } from "../../db/schema/index.ts";
import { apiError } from "./api-error.ts";
import type { DatabaseRef } from "./connections.ts";
import type { ApiDeps } from "./deps.ts";

export type UserDatabaseRow = typeof userDatabasesTable.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** The caller's database, or DATABASE_NOT_FOUND: someone else's looks exactly like a missing one. */
export async function findOwnDatabase(deps: ApiDeps, ownerId: string, id: string): Promise<UserDatabaseRow> {
  const row = UUID.test(id)
    ? (
        await deps.store.db
          .select()
          .from(userDatabasesTable)
          .where(and(eq(userDatabasesTable.id, id), eq(userDatabasesTable.ownerId, ownerId)))
          .limit(1)
      )[0]
    : undefined;
  if (!row) throw apiError("DATABASE_NOT_FOUND", "Database not found.");
  return row;
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
