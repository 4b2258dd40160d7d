import type { Context } from "hono";
import { z } from "zod";
import { projectAuth, requireUser } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { renderClientTeam, renderServerTeam } from "../../render/teams.ts";
import { imageInput } from "../../stores/images.ts";
import type { TeamRow } from "../../stores/teams.ts";
import { checkParamsAndQuery, readBody } from "../../wire/headers.ts";
import { clientTeamUpdate, serverTeamUpdate, toTeamChanges } from "./team-changes.ts";

/** The team of the path; a client must be a member (and hold `permission`, if given). */
async function teamOfPath(c: Context<AuthEnv>, deps: AuthDeps, permission?: string): Promise<TeamRow> {
  const { type, project } = c.get("auth");
  const team = await deps.teams.require(project.id, c.req.param("team_id") ?? "");
  if (type === "client") {
    const { user } = requireUser(c);
    await deps.teams.requireMember(team.id, user.id);
    if (permission) await deps.teams.requirePermission(team.id, user.id, permission);
  }
  return team;
}

const teamIdParams = z.object({ team_id: z.uuid() });
const noQuery = z.strictObject({});

/** Members' cached user records embed the selected team; drop them after the team changed. */
async function forgetMembers(deps: AuthDeps, teamId: string): Promise<void> {
  const members = await deps.teams.memberIds([teamId]);
  await Promise.all(members.map((m) => deps.users.changed(m.userId)));
}

export function registerTeamById(app: AuthApp, deps: AuthDeps): void {
  app.get("/teams/:team_id", projectAuth(deps), async (c) => {
    const team = await teamOfPath(c, deps);
    return c.json(c.get("auth").type === "client" ? renderClientTeam(team) : renderServerTeam(team));
  });

  app.patch("/teams/:team_id", projectAuth(deps), async (c) => {
    checkParamsAndQuery(c, teamIdParams, noQuery);
    const isClient = c.get("auth").type === "client";
    const input = await readBody(c, isClient ? clientTeamUpdate : serverTeamUpdate);
    const team = await teamOfPath(c, deps, "$update_team");
    const updated = await deps.teams.update(team, {
      ...toTeamChanges(input),
      profileImageUrl: await imageInput(deps, c.get("auth"), input.profile_image_url),
    });
    await forgetMembers(deps, team.id);
    return c.json(isClient ? renderClientTeam(updated) : renderServerTeam(updated));
  });

  app.delete("/teams/:team_id", projectAuth(deps), async (c) => {
    const team = await teamOfPath(c, deps, "$delete_team");
    const members = await deps.teams.memberIds([team.id]);
    await deps.teams.delete(team);
    await Promise.all(members.map((m) => deps.users.changed(m.userId)));
    return c.json({ success: true });
  });
}
