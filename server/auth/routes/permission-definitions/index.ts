import { z } from "zod";
import type { PermissionDefinition as WireDefinition } from "../../../contract/auth-permissions.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import type { PermissionDefinition, PermissionScope } from "../../stores/permission-definitions.ts";
import { sortedIds } from "../../stores/permission-definitions.ts";
import { readBody } from "../../wire/headers.ts";
import { saveProjectConfig } from "../internal/projects/current.ts";

const permissionId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_:.$-]+$/, "Permission IDs may contain letters, digits and _ : . - only.");
const containedIds = z.array(permissionId).max(100);
const description = z.string().max(1000);

const createBody = z
  .object({
    id: permissionId,
    description: description.default(""),
    contained_permission_ids: containedIds.default([]),
  })
  .strict();
const updateBody = z
  .object({ id: permissionId, description, contained_permission_ids: containedIds })
  .partial()
  .strict();

/** Without a description the field is left out, as Stack answers; contained ids sorted as Stack lists them. */
const render = (p: PermissionDefinition): WireDefinition => ({
  id: p.id,
  ...(p.description ? { description: p.description } : {}),
  contained_permission_ids: sortedIds(p.containedPermissionIds),
});

/**
 * Admin CRUD of /team-permission-definitions and /project-permission-definitions. Team listings
 * start with the built-in $ permissions; containment is checked on every write.
 */
export function registerPermissionDefinitions(app: AuthApp, deps: AuthDeps): void {
  const admin = projectAuth(deps, ["admin"]);
  for (const scope of ["team", "project"] as const satisfies PermissionScope[]) {
    const base = `/${scope}-permission-definitions`;

    app.get(base, admin, async (c) => {
      const items = await deps.definitions.list(c.get("auth").project.id, scope);
      return c.json({ items: items.map(render), is_paginated: false });
    });

    app.post(base, admin, async (c) => {
      const body = await readBody(c, createBody);
      const created = await deps.definitions.create(c.get("auth").project.id, scope, {
        id: body.id,
        description: body.description,
        containedPermissionIds: body.contained_permission_ids,
      });
      return c.json(render(created), 201);
    });

    app.patch(`${base}/:permission_id`, admin, async (c) => {
      const body = await readBody(c, updateBody);
      const updated = await deps.definitions.update(c.get("auth").project.id, scope, c.req.param("permission_id"), {
        id: body.id,
        description: body.description,
        containedPermissionIds: body.contained_permission_ids,
      });
      return c.json(render(updated));
    });

    app.delete(`${base}/:permission_id`, admin, async (c) => {
      const { project } = c.get("auth");
      const id = c.req.param("permission_id");
      await deps.definitions.delete(project.id, scope, id);
      // A deleted definition is no longer handed out by default either.
      const keep = (list: { id: string }[]) => list.filter((p) => p.id !== id);
      const { config } = project;
      const lists = [
        config.team_creator_default_permissions,
        config.team_member_default_permissions,
        config.user_default_permissions,
      ];
      if (lists.some((list) => list.some((p) => p.id === id))) {
        await saveProjectConfig(deps, project, {
          ...config,
          team_creator_default_permissions: keep(config.team_creator_default_permissions),
          team_member_default_permissions: keep(config.team_member_default_permissions),
          user_default_permissions: keep(config.user_default_permissions),
        });
      }
      return c.json({ success: true });
    });
  }
}
