import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import type { PermissionDefinition, PermissionScope } from "../../permission-definitions.ts";
import { projectAuth } from "../../project-auth.ts";
import { readBody } from "../../wire.ts";

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

const render = (p: PermissionDefinition) => ({
  id: p.id,
  description: p.description,
  contained_permission_ids: p.containedPermissionIds,
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
      await deps.definitions.delete(c.get("auth").project.id, scope, c.req.param("permission_id"));
      return c.json({ success: true });
    });
  }
}
