import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import { OTHERS_PERMISSIONS, refuseOtherUserForClient, targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { readQuery } from "../../wire/headers.ts";

const SERVER_ONLY = ["server", "admin"] as const;

const listQuery = z.object({
  team_id: z.string().max(64),
  user_id: z.string().max(64).optional(),
  recursive: z.enum(["true", "false"]).optional(),
});

const render = (id: string, teamId: string, userId: string) => ({ id, team_id: teamId, user_id: userId });

export function registerTeamPermissions(app: AuthApp, deps: AuthDeps): void {
  /** A client lists only its own permissions; recursive=true adds contained ones (the SDK always says which). */
  app.get("/team-permissions", projectAuth(deps), async (c) => {
    const query = readQuery(c, listQuery);
    const { project } = c.get("auth");
    refuseOtherUserForClient(c, query.user_id, OTHERS_PERMISSIONS);
    const team = await deps.teams.require(project.id, query.team_id);
    const user = await targetUser(c, deps, query.user_id);
    await deps.teams.requireMember(team.id, user.id);
    const grants = await deps.teams.grantsOf(team.id, user.id);
    const ids = query.recursive === "true" ? [...(await deps.definitions.expand(project.id, "team", grants))] : grants;
    return c.json({ items: ids.map((id) => render(id, team.id, user.id)), is_paginated: false });
  });

  app.post("/team-permissions/:team_id/:user_id/:permission_id", projectAuth(deps, SERVER_ONLY), async (c) => {
    const team = await deps.teams.require(c.get("auth").project.id, c.req.param("team_id"));
    const user = await targetUser(c, deps, c.req.param("user_id"));
    const permissionId = c.req.param("permission_id");
    await deps.teams.grant(team.id, user.id, permissionId);
    return c.json(render(permissionId, team.id, user.id), 201);
  });

  app.delete("/team-permissions/:team_id/:user_id/:permission_id", projectAuth(deps, SERVER_ONLY), async (c) => {
    const team = await deps.teams.require(c.get("auth").project.id, c.req.param("team_id"));
    const user = await targetUser(c, deps, c.req.param("user_id"));
    await deps.teams.revoke(team.id, user.id, c.req.param("permission_id"));
    return c.json({ success: true });
  });
}
