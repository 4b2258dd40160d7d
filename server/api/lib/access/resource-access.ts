import { and, eq, isNull } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { ResourceOwner } from "../../../contract/teams.ts";
import { appsTable, userDatabasesTable } from "../../../db/schema/index.ts";
import type { Store } from "../../../db/store.ts";
import type { ApiEnv } from "../core/api-env.ts";
import { apiError } from "../core/api-error.ts";
import { atLeast, type Role } from "./roles.ts";
import type { TeamRights } from "./team-rights.ts";

/** What the access layer reads: the rows, and the caller's roles in teams. */
export interface AccessDeps {
  store: Store;
  rights: TeamRights;
}

/** The rows the access layer resolves a path to (the app of `/apps/{appId}`, the database of `/db/{dbId}`). */
export type AppRow = typeof appsTable.$inferSelect;
export type UserDatabaseRow = typeof userDatabasesTable.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's role on whatever `owner` owns: `owner` of their personal things, their team role, or none. */
export async function roleOn(deps: AccessDeps, owner: ResourceOwner, userId: string): Promise<Role | null> {
  if (owner.type === "user") return owner.id === userId ? "owner" : null;
  return deps.rights.roleIn(owner.id, userId);
}

/** TEAM_ROLE_REQUIRED (naming the role needed) unless `role` reaches `needed`. */
export function requireRole(role: Role, needed: Role): void {
  if (!atLeast(role, needed)) {
    throw apiError("TEAM_ROLE_REQUIRED", `This needs the ${needed} role (or a higher one) in the team.`, {
      role: needed,
    });
  }
}

/**
 * The caller's role in the team named by a request (create in it, move into it); NOT_A_TEAM_MEMBER
 * when they hold none there, whether or not the team exists.
 */
export async function requireTeamRole(deps: AccessDeps, teamId: string, userId: string, needed: Role): Promise<void> {
  const role = await deps.rights.roleIn(teamId, userId);
  if (role === null) throw apiError("NOT_A_TEAM_MEMBER", "You are not a member of this team.");
  requireRole(role, needed);
}

/** Every owner whose resources the caller sees: themselves and each team they hold a console role in. */
export async function visibleOwners(deps: AccessDeps, userId: string): Promise<ResourceOwner[]> {
  const teams = await deps.rights.teamsOf(userId);
  const roles = await Promise.all(teams.map((team) => deps.rights.roleIn(team.id, userId)));
  return [
    { type: "user", id: userId },
    ...teams.filter((_, i) => roles[i] !== null).map((team) => ({ type: "team" as const, id: team.id })),
  ];
}

export interface Granted<Row> {
  row: Row;
  role: Role;
}

/** Resolves a path's resource once per request and checks the role each use asks for. */
export type AccessCheck<Row> = (needed: Role) => Promise<Granted<Row>>;

export type AppAccessEnv = { Variables: ApiEnv["Variables"] & { appAccess: AccessCheck<AppRow> } };

const appNotFound = () => apiError("APP_NOT_FOUND", "App not found.");

function memoized<Row>(
  deps: AccessDeps,
  userId: string,
  load: () => Promise<Row | undefined>,
  owner: (row: Row) => ResourceOwner,
  notFound: () => Error,
): AccessCheck<Row> {
  let resolved: Promise<Granted<Row>> | null = null;
  return async (needed) => {
    resolved ??= (async () => {
      const row = await load();
      const role = row ? await roleOn(deps, owner(row), userId) : null;
      // Another team's resource looks exactly like a missing one.
      if (!row || role === null) throw notFound();
      return { row, role };
    })();
    const granted = await resolved;
    requireRole(granted.role, needed);
    return granted;
  };
}

/** Loads the live app `appId` for the caller's role check (a malformed id is looked up nowhere). */
export function appAccessFor(deps: AccessDeps, userId: string, appId: string): AccessCheck<AppRow> {
  return memoized(
    deps,
    userId,
    async () =>
      UUID.test(appId)
        ? (
            await deps.store.db
              .select()
              .from(appsTable)
              .where(and(eq(appsTable.id, appId), isNull(appsTable.deletedAt)))
              .limit(1)
          )[0]
        : undefined,
    (row) => ({ type: row.ownerType, id: row.ownerId }),
    appNotFound,
  );
}

/**
 * The parameter middleware of every `/apps/{appId}` route: `c.var.appAccess(role)` answers the app
 * once the caller holds `role` on it. Lazy, so each route still checks its own input first.
 */
export function appAccessParam(deps: AccessDeps) {
  return createMiddleware<AppAccessEnv>(async (c, next) => {
    c.set("appAccess", appAccessFor(deps, c.var.user.id, c.req.param("appId") ?? ""));
    await next();
  });
}

/** The caller's database of the path (`dbId`, validated by databaseIdParam) for the role check. */
export function databaseAccessFor(deps: AccessDeps, userId: string, id: string | null): AccessCheck<UserDatabaseRow> {
  return memoized(
    deps,
    userId,
    async () =>
      id === null
        ? undefined
        : (await deps.store.db.select().from(userDatabasesTable).where(eq(userDatabasesTable.id, id)).limit(1))[0],
    (row) => ({ type: row.ownerType, id: row.ownerId }),
    () => apiError("DATABASE_NOT_FOUND", "Database not found."),
  );
}
