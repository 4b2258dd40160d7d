import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { databaseIdSchema } from "../../../contract/databases.ts";
import { isHttpError, throwErr } from "../../../lib/errors.ts";
import type { Vault } from "../../../lib/vault.ts";
import {
  type AccessCheck,
  type AccessDeps,
  databaseAccessFor,
  type Granted,
  type UserDatabaseRow,
} from "../access/resource-access.ts";
import type { Role } from "../access/roles.ts";
import type { ApiEnv } from "../core/api-env.ts";
import type { ConnectionManager, DatabaseTarget } from "./connections.ts";
import { databaseUnreachable } from "./database-errors.ts";
import { databaseRef } from "./user-databases.ts";

/** `dbId`: the path's database id once validated; `null` when it cannot name any database. */
/** What reaching a database the caller may use takes: the access layer, its sealed details, the pools. */
export type OwnDatabaseDeps = AccessDeps & { vault: Vault; connections: ConnectionManager };

export type DatabaseEnv = {
  Variables: ApiEnv["Variables"] & { dbId: string | null; databaseAccess?: AccessCheck<UserDatabaseRow> };
};
export type DatabaseContext = Context<DatabaseEnv>;

/**
 * The edge of every `/db/{dbId}` route: the id is validated here, once. A malformed id is kept as
 * `null` rather than refused on the spot, so each route still checks its own input first and only
 * then answers DATABASE_NOT_FOUND (as for someone else's database), exactly as before; an import
 * also still drops its unread body before that answer.
 */
export const databaseIdParam = createMiddleware<DatabaseEnv>(async (c, next) => {
  const parsed = databaseIdSchema.safeParse(c.req.param("dbId"));
  c.set("dbId", parsed.success ? parsed.data : null);
  await next();
});

/**
 * The database named by the path once the caller holds `needed` on it (their own, or their team's
 * with that role), else DATABASE_NOT_FOUND: another user's or team's looks exactly like a missing
 * one, and so does a malformed id (looked up nowhere). Too low a role answers TEAM_ROLE_REQUIRED.
 */
export async function databaseGrant(
  deps: OwnDatabaseDeps,
  c: DatabaseContext,
  needed: Role,
): Promise<Granted<UserDatabaseRow>> {
  // undefined (not null) means the route was mounted without databaseIdParam: a wiring bug.
  const id = c.var.dbId === undefined ? throwErr("a /db/{dbId} route without databaseIdParam") : c.var.dbId;
  let check = c.var.databaseAccess;
  if (!check) {
    check = databaseAccessFor(deps, c.var.user.id, id);
    c.set("databaseAccess", check);
  }
  return check(needed);
}

export async function ownDatabase(deps: OwnDatabaseDeps, c: DatabaseContext, needed: Role): Promise<UserDatabaseRow> {
  return (await databaseGrant(deps, c, needed)).row;
}

/**
 * Failures of the database itself (down, refusing, a statement's error under `use`) answer
 * DATABASE_UNREACHABLE; an HttpError (a refused address, a route's own refusal) keeps its code.
 * `could` is the message's verb: reading routes say "read", writing ones "reached".
 */
export function unreachable(error: unknown, could: "read" | "reached" = "reached") {
  if (isHttpError(error)) return error;
  return databaseUnreachable(error, `The database could not be ${could}`);
}

/** Runs `work` on a connection to the caller's database, released afterwards. */
export async function useOwnDatabase<T>(
  deps: OwnDatabaseDeps,
  c: DatabaseContext,
  could: "read" | "reached",
  needed: Role,
  work: (target: DatabaseTarget) => Promise<T>,
): Promise<T> {
  const ref = databaseRef(deps, await ownDatabase(deps, c, needed));
  try {
    return await deps.connections.use(ref, work);
  } catch (error) {
    throw unreachable(error, could);
  }
}

/** A connection to the caller's database held past the handler (a stream), for the caller to release. */
export async function leaseOwnDatabase(deps: OwnDatabaseDeps, c: DatabaseContext, needed: Role) {
  const { row, role } = await databaseGrant(deps, c, needed);
  const ref = databaseRef(deps, row);
  const lease = await deps.connections.acquire(ref).catch((error: unknown) => {
    throw unreachable(error);
  });
  return { row, role, lease };
}
