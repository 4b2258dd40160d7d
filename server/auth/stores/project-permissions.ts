import { and, asc, eq, sql } from "drizzle-orm";
import { authProjectPermissionsTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import type { PermissionDefinitions } from "./permission-definitions.ts";

type Db = Store["db"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Inside a user's creation: the project's `user_default_permissions`, read from the stored config
 * in the same transaction, so every way a user comes to be (sign-up, OAuth, server) gets them.
 */
export async function grantDefaultProjectPermissions(tx: Tx, projectId: string, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into auth_project_permissions (project_id, user_id, permission_id)
    select p.id, ${userId}::uuid, d->>'id'
    from auth_projects p, jsonb_array_elements(coalesce(p.config->'user_default_permissions', '[]'::jsonb)) d
    where p.id = ${projectId} and d->>'id' is not null
    on conflict do nothing`);
}

/** Project permissions granted to users, with containment expanded through the definitions. */
export class ProjectPermissions {
  constructor(
    private store: Store,
    private definitions: PermissionDefinitions,
  ) {}

  /** The user's direct grants, sorted by id. */
  async grantsOf(projectId: string, userId: string): Promise<string[]> {
    const t = authProjectPermissionsTable;
    const rows = await this.store.db
      .select({ id: t.permissionId })
      .from(t)
      .where(and(eq(t.projectId, projectId), eq(t.userId, userId)))
      .orderBy(asc(t.permissionId));
    return rows.map((r) => r.id);
  }

  /** Direct grants, or with `recursive` everything they contain too. */
  async list(projectId: string, userId: string, recursive: boolean): Promise<string[]> {
    const grants = await this.grantsOf(projectId, userId);
    if (!recursive) return grants;
    return [...(await this.definitions.expand(projectId, "project", grants))].sort();
  }

  /** Grants a defined permission (idempotent); PERMISSION_NOT_FOUND for unknown ids. */
  async grant(projectId: string, userId: string, permissionId: string): Promise<void> {
    await this.requireDefinition(projectId, permissionId);
    await this.store.db
      .insert(authProjectPermissionsTable)
      .values({ projectId, userId, permissionId })
      .onConflictDoNothing();
  }

  async revoke(projectId: string, userId: string, permissionId: string): Promise<void> {
    await this.requireDefinition(projectId, permissionId);
    const t = authProjectPermissionsTable;
    await this.store.db
      .delete(t)
      .where(and(eq(t.projectId, projectId), eq(t.userId, userId), eq(t.permissionId, permissionId)));
  }

  /** PROJECT_PERMISSION_REQUIRED unless the user holds `permissionId` (directly or contained). */
  async require(projectId: string, userId: string, permissionId: string): Promise<void> {
    if (!(await this.list(projectId, userId, true)).includes(permissionId)) {
      throw KnownErrors.projectPermissionRequired(userId, permissionId);
    }
  }

  private async requireDefinition(projectId: string, permissionId: string): Promise<void> {
    await this.definitions.requireInScope(projectId, "project", permissionId);
  }
}
