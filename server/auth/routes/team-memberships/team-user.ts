import { projectAuth, requireUser } from "../../access/project-auth.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";

const SERVER_ONLY = ["server", "admin"] as const;

export function registerTeamMemberships(app: AuthApp, deps: AuthDeps): void {
  /** Server only; the new member gets the project's team_member_default_permissions. */
  app.post("/team-memberships/:team_id/:user_id", projectAuth(deps, SERVER_ONLY), async (c) => {
    const { project } = c.get("auth");
    const team = await deps.teams.require(project.id, c.req.param("team_id"));
    const user = await targetUser(c, deps, c.req.param("user_id"));
    const permissions = project.config.team_member_default_permissions.map((p) => p.id);
    await deps.teams.addMember(team.id, user.id, permissions);
    return c.json({ team_id: team.id, user_id: user.id }, 201);
  });

  /** A client may leave a team itself, or remove another member with $remove_members. */
  app.delete("/team-memberships/:team_id/:user_id", projectAuth(deps), async (c) => {
    const { type, project } = c.get("auth");
    const team = await deps.teams.require(project.id, c.req.param("team_id"));
    const userId = c.req.param("user_id");
    if (type === "client") {
      const { user: caller } = requireUser(c);
      const leaving = userId === "me" || userId === caller.id;
      await deps.teams.requireMember(team.id, caller.id);
      if (!leaving) await deps.teams.requirePermission(team.id, caller.id, "$remove_members");
      const target = leaving ? caller.id : userId;
      await deps.teams.removeMember(team.id, target);
      await deps.users.changed(target);
      return c.json({ success: true });
    }
    const user = await targetUser(c, deps, userId);
    await deps.teams.removeMember(team.id, user.id);
    await deps.users.changed(user.id);
    return c.json({ success: true });
  });
}
