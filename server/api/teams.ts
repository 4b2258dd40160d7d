import { Hono } from "hono";
import { z } from "zod";
import type { TeamMember } from "../contract/teams.ts";
import { isHttpError } from "../lib/errors.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";

const notReadable = () =>
  apiError("TEAM_MEMBERS_NOT_READABLE", "You may not read this team's members ($read_members is needed).");

/**
 * The members of a team with their e-mail, for the team page: Stack's client API gives a member's
 * team profile only, whose name is empty for everyone who never set one. Only for callers who hold
 * $read_members in that team; to anyone else a team looks the same whether it exists or not.
 */
export function teamsRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>().get("/:teamId/members", async (c) => {
    const teamId = c.req.param("teamId");
    if (!z.uuid().safeParse(teamId).success) throw notReadable();
    const allowed = await deps.stackApi.hasTeamPermission(teamId, c.var.user.id, "$read_members").catch((error) => {
      // No such team: the auth service says 404, which must look like any other refusal here.
      if (isHttpError(error) && error.details?.status === 404) return false;
      throw error;
    });
    if (!allowed) throw notReadable();
    const users = await deps.stackApi.listTeamUsers(teamId);
    const members: TeamMember[] = users.map((user) => ({
      userId: user.id,
      displayName: user.display_name?.trim() || null,
      email: user.primary_email,
    }));
    return c.json(ok(members));
  });
}
