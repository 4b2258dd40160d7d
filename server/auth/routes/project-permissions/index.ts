import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import { OTHERS_PERMISSIONS, refuseOtherUserForClient, targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { readQuery } from "../../wire/headers.ts";

const SERVER_ONLY = ["server", "admin"] as const;

const listQuery = z.object({
  user_id: z.string().max(64).optional(),
  recursive: z.enum(["true", "false"]).optional(),
});

const render = (id: string, userId: string) => ({ id, user_id: userId });

export function registerProjectPermissions(app: AuthApp, deps: AuthDeps): void {
  /** A client lists only its own; recursive=true adds contained permissions (the SDK always says which). */
  app.get("/project-permissions", projectAuth(deps), async (c) => {
    const query = readQuery(c, listQuery);
    const { project } = c.get("auth");
    refuseOtherUserForClient(c, query.user_id, OTHERS_PERMISSIONS);
    const user = await targetUser(c, deps, query.user_id);
    const ids = await deps.projectPermissions.list(project.id, user.id, query.recursive === "true");
    return c.json({ items: ids.map((id) => render(id, user.id)), is_paginated: false });
  });

  app.post("/project-permissions/:user_id/:permission_id", projectAuth(deps, SERVER_ONLY), async (c) => {
    const user = await targetUser(c, deps, c.req.param("user_id"));
    const permissionId = c.req.param("permission_id");
    await deps.projectPermissions.grant(c.get("auth").project.id, user.id, permissionId);
    return c.json(render(permissionId, user.id), 201);
  });

  app.delete("/project-permissions/:user_id/:permission_id", projectAuth(deps, SERVER_ONLY), async (c) => {
    const user = await targetUser(c, deps, c.req.param("user_id"));
    await deps.projectPermissions.revoke(c.get("auth").project.id, user.id, c.req.param("permission_id"));
    return c.json({ success: true });
  });
}
