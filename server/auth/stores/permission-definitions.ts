import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  authPermissionDefinitionsTable,
  authProjectPermissionsTable,
  authTeamMemberPermissionsTable,
  authTeamsTable,
} from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { KnownErrors } from "../errors/known-errors.ts";

export type PermissionScope = "team" | "project";

export interface PermissionDefinition {
  id: string;
  description: string;
  containedPermissionIds: string[];
}

type Db = Store["db"];

/** Stack's built-in team permissions: always there, never stored, never changed. */
export const SYSTEM_TEAM_PERMISSIONS: readonly PermissionDefinition[] = [
  { id: "$delete_team", description: "Delete the team", containedPermissionIds: [] },
  { id: "$invite_members", description: "Invite other users to the team", containedPermissionIds: [] },
  { id: "$manage_api_keys", description: "Create and manage API keys for the team", containedPermissionIds: [] },
  { id: "$read_members", description: "Read and list the other members of the team", containedPermissionIds: [] },
  { id: "$remove_members", description: "Remove other members from the team", containedPermissionIds: [] },
  { id: "$update_team", description: "Update the team information", containedPermissionIds: [] },
];

/** What every new project starts with (Stack Auth's defaults; editable afterwards). Migration 0017 brought older projects' untouched roles here. */
const DEFAULT_TEAM_ROLES: readonly PermissionDefinition[] = [
  {
    id: "team_admin",
    description: "Default permission for team admins",
    containedPermissionIds: [
      "$delete_team",
      "$invite_members",
      "$manage_api_keys",
      "$read_members",
      "$remove_members",
      "$update_team",
    ],
  },
  {
    id: "team_member",
    description: "Default permission for team members",
    containedPermissionIds: ["$invite_members", "$read_members"],
  },
];

/**
 * The console's team roles (server/contract/teams.ts names them), each containing the one below and
 * the system permissions its holders need on the team page. Only the console's own project gets
 * them, at every start when missing (new installations and existing ones alike); Stack's defaults
 * above stay as they are.
 */
const CONSOLE_TEAM_ROLES: readonly PermissionDefinition[] = [
  {
    id: "console:viewer",
    description: "Console: see the team's apps and databases",
    containedPermissionIds: ["$read_members"],
  },
  {
    id: "console:developer",
    description: "Console: as viewer, plus secrets, any SQL, row edits, import and export",
    containedPermissionIds: ["console:viewer"],
  },
  {
    id: "console:admin",
    description: "Console: as developer, plus apps, databases, service tokens, moves, members and roles",
    containedPermissionIds: [
      "console:developer",
      "$invite_members",
      "$remove_members",
      "$update_team",
      "$manage_api_keys",
    ],
  },
  {
    id: "console:owner",
    description: "Console: as admin, plus deleting the team and making owners",
    containedPermissionIds: ["console:admin", "$delete_team"],
  },
];

/** Adds team roles a project lacks; an existing definition (an operator's changes) stays as it is. */
async function insertMissingTeamRoles(
  db: Db,
  projectId: string,
  roles: readonly PermissionDefinition[],
): Promise<void> {
  await db
    .insert(authPermissionDefinitionsTable)
    .values(
      roles.map((role) => ({
        projectId,
        scope: "team" as const,
        permissionId: role.id,
        description: role.description,
        containedPermissionIds: [...role.containedPermissionIds],
      })),
    )
    .onConflictDoNothing();
}

/** Gives the console's project its team roles where they are missing (an operator's changes stay). */
export async function seedConsoleTeamRoles(db: Db, projectId: string): Promise<void> {
  await insertMissingTeamRoles(db, projectId, CONSOLE_TEAM_ROLES);
}

const isSystem = (id: string) => id.startsWith("$");
const otherScope = (scope: PermissionScope): PermissionScope => (scope === "team" ? "project" : "team");

/** Gives a new project the default team roles; run in the transaction that creates the project. */
export async function seedDefaultPermissionDefinitions(db: Db, projectId: string): Promise<void> {
  await insertMissingTeamRoles(db, projectId, DEFAULT_TEAM_ROLES);
}

/**
 * Team and project permission definitions of a project. Containment is transitive and acyclic;
 * deleting a definition takes its grants and every mention in other definitions with it.
 */
export class PermissionDefinitions {
  constructor(private store: Store) {}

  private async stored(projectId: string, scope: PermissionScope): Promise<PermissionDefinition[]> {
    const rows = await this.store.db
      .select()
      .from(authPermissionDefinitionsTable)
      .where(
        and(eq(authPermissionDefinitionsTable.projectId, projectId), eq(authPermissionDefinitionsTable.scope, scope)),
      )
      .orderBy(asc(authPermissionDefinitionsTable.permissionId));
    return rows.map((row) => ({
      id: row.permissionId,
      description: row.description,
      containedPermissionIds: row.containedPermissionIds,
    }));
  }

  /** Every definition of the scope, system team permissions first (sorted by id, as Stack lists them). */
  async list(projectId: string, scope: PermissionScope): Promise<PermissionDefinition[]> {
    const own = await this.stored(projectId, scope);
    return scope === "team" ? [...SYSTEM_TEAM_PERMISSIONS, ...own] : own;
  }

  async exists(projectId: string, scope: PermissionScope, id: string): Promise<boolean> {
    if (scope === "team" && isSystem(id)) return SYSTEM_TEAM_PERMISSIONS.some((p) => p.id === id);
    return (await this.stored(projectId, scope)).some((p) => p.id === id);
  }

  /**
   * PERMISSION_NOT_FOUND unless `id` is defined in `scope`; WRONG_PERMISSION_SCOPE when it is a
   * permission of the other scope (team and project ids share one namespace, so that is unambiguous).
   */
  async requireInScope(projectId: string, scope: PermissionScope, id: string): Promise<void> {
    if (await this.exists(projectId, scope, id)) return;
    const other = otherScope(scope);
    if (await this.exists(projectId, other, id)) throw KnownErrors.wrongPermissionScope(id, scope, other);
    throw KnownErrors.permissionNotFound(id);
  }

  /** The granted ids with everything they contain, transitively, sorted. */
  async expand(projectId: string, scope: PermissionScope, granted: readonly string[]): Promise<Set<string>> {
    if (granted.length === 0) return new Set();
    const byId = new Map((await this.list(projectId, scope)).map((p) => [p.id, p]));
    const all = new Set<string>();
    const visit = (id: string) => {
      if (all.has(id)) return;
      all.add(id);
      for (const contained of byId.get(id)?.containedPermissionIds ?? []) visit(contained);
    };
    for (const id of granted) visit(id);
    return new Set([...all].sort());
  }

  async create(projectId: string, scope: PermissionScope, input: PermissionDefinition): Promise<PermissionDefinition> {
    if (isSystem(input.id))
      throw KnownErrors.schemaError("Permission IDs starting with $ are reserved for the system.");
    const existing = await this.list(projectId, scope);
    // Team and project permissions share one namespace, as on Stack's server.
    if (existing.some((p) => p.id === input.id) || (await this.exists(projectId, otherScope(scope), input.id))) {
      throw KnownErrors.permissionIdAlreadyExists(input.id);
    }
    const contained = this.checkContained(existing, input.id, unique(input.containedPermissionIds));
    await this.store.db
      .insert(authPermissionDefinitionsTable)
      .values({
        projectId,
        scope,
        permissionId: input.id,
        description: input.description,
        containedPermissionIds: contained,
      })
      .onConflictDoNothing();
    return { ...input, containedPermissionIds: contained };
  }

  async update(
    projectId: string,
    scope: PermissionScope,
    id: string,
    changes: { id?: string; description?: string; containedPermissionIds?: string[] },
  ): Promise<PermissionDefinition> {
    const existing = await this.list(projectId, scope);
    const current = existing.find((p) => p.id === id);
    if (!current || isSystem(id)) {
      if (current) throw KnownErrors.schemaError("System permissions cannot be changed.");
      throw KnownErrors.permissionNotFound(id);
    }
    const newId = changes.id ?? id;
    if (newId !== id) {
      if (isSystem(newId)) throw KnownErrors.schemaError("Permission IDs starting with $ are reserved for the system.");
      if (existing.some((p) => p.id === newId) || (await this.exists(projectId, otherScope(scope), newId))) {
        throw KnownErrors.permissionIdAlreadyExists(newId);
      }
    }
    const others = existing.filter((p) => p.id !== id);
    const contained = this.checkContained(
      others,
      newId,
      unique(changes.containedPermissionIds ?? current.containedPermissionIds),
    );
    const next = {
      id: newId,
      description: changes.description ?? current.description,
      containedPermissionIds: contained,
    };
    await this.store.db.transaction(async (tx) => {
      await tx
        .update(authPermissionDefinitionsTable)
        .set({ permissionId: next.id, description: next.description, containedPermissionIds: contained })
        .where(this.where(projectId, scope, id));
      if (newId !== id) await this.renameReferences(tx, projectId, scope, id, newId);
    });
    return next;
  }

  async delete(projectId: string, scope: PermissionScope, id: string): Promise<void> {
    if (isSystem(id) && scope === "team" && SYSTEM_TEAM_PERMISSIONS.some((p) => p.id === id)) {
      throw KnownErrors.schemaError("System permissions cannot be deleted.");
    }
    if (!(await this.exists(projectId, scope, id))) throw KnownErrors.permissionNotFound(id);
    await this.store.db.transaction(async (tx) => {
      await tx.delete(authPermissionDefinitionsTable).where(this.where(projectId, scope, id));
      await this.renameReferences(tx, projectId, scope, id, null);
    });
  }

  private where(projectId: string, scope: PermissionScope, id: string) {
    return and(
      eq(authPermissionDefinitionsTable.projectId, projectId),
      eq(authPermissionDefinitionsTable.scope, scope),
      eq(authPermissionDefinitionsTable.permissionId, id),
    );
  }

  /** Other definitions and team grants follow a renamed definition, or lose a deleted one. */
  private async renameReferences(tx: Db, projectId: string, scope: PermissionScope, from: string, to: string | null) {
    const mentioning = await tx
      .select()
      .from(authPermissionDefinitionsTable)
      .where(
        and(
          eq(authPermissionDefinitionsTable.projectId, projectId),
          eq(authPermissionDefinitionsTable.scope, scope),
          sql`${authPermissionDefinitionsTable.containedPermissionIds} ? ${from}`,
        ),
      );
    for (const row of mentioning) {
      const ids = row.containedPermissionIds.flatMap((c) => (c === from ? (to ? [to] : []) : [c]));
      await tx
        .update(authPermissionDefinitionsTable)
        .set({ containedPermissionIds: unique(ids) })
        .where(this.where(projectId, scope, row.permissionId));
    }
    if (scope === "project") {
      if (to) {
        await tx.execute(sql`
          insert into auth_project_permissions (project_id, user_id, permission_id)
          select project_id, user_id, ${to} from auth_project_permissions
          where permission_id = ${from} and project_id = ${projectId}
          on conflict do nothing`);
      }
      await tx
        .delete(authProjectPermissionsTable)
        .where(
          and(eq(authProjectPermissionsTable.projectId, projectId), eq(authProjectPermissionsTable.permissionId, from)),
        );
      return;
    }
    const projectTeams = tx
      .select({ id: authTeamsTable.id })
      .from(authTeamsTable)
      .where(eq(authTeamsTable.projectId, projectId));
    const grants = and(
      eq(authTeamMemberPermissionsTable.permissionId, from),
      inArray(authTeamMemberPermissionsTable.teamId, projectTeams),
    );
    if (to) {
      // A member who already holds the new id keeps one grant.
      await tx.execute(sql`
        insert into auth_team_member_permissions (team_id, user_id, permission_id)
        select team_id, user_id, ${to} from auth_team_member_permissions
        where permission_id = ${from} and team_id in (select id from auth_teams where project_id = ${projectId})
        on conflict do nothing`);
    }
    await tx.delete(authTeamMemberPermissionsTable).where(grants);
  }

  /** Contained ids must exist (in this scope) and must not lead back to `selfId`. */
  private checkContained(others: PermissionDefinition[], selfId: string, contained: string[]): string[] {
    const byId = new Map(others.map((p) => [p.id, p]));
    for (const id of contained) {
      if (!byId.has(id)) throw KnownErrors.containedPermissionNotFound(id);
    }
    const reaches = (from: string, seen = new Set<string>()): boolean => {
      if (from === selfId) return true;
      if (seen.has(from)) return false;
      seen.add(from);
      return (byId.get(from)?.containedPermissionIds ?? []).some((next) => reaches(next, seen));
    };
    if (contained.some((id) => reaches(id))) {
      throw KnownErrors.schemaError(`Permission ${selfId} cannot contain itself, directly or through others.`);
    }
    return contained;
  }
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** Permission ids in code-unit order (`$`-prefixed system ids first), the order Stack lists them in. */
export function sortedIds(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A list of `{id}` in the same order. */
export function sortedById<T extends { id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
