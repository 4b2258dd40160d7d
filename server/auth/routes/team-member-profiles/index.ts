import type { Context } from "hono";
import { z } from "zod";
import { projectAuth, requireUser } from "../../access/project-auth.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { StatusError } from "../../errors/status-error.ts";
import { renderServerUser } from "../../render/users.ts";
import { imageInput } from "../../stores/images.ts";
import type { MemberRow } from "../../stores/teams.ts";
import { readBody, readQuery } from "../../wire/headers.ts";
import { displayNameSchema, profileImageUrlSchema, userIdOrMeSchema } from "../../wire/schemas.ts";

const listQuery = z.object({ team_id: z.uuid().optional(), user_id: userIdOrMeSchema.optional() });
const profileUpdate = z.strictObject({
  display_name: displayNameSchema.optional(),
  profile_image_url: profileImageUrlSchema.optional(),
});

/** The member's own team name and image, falling back to the user's; the server also gets the user. */
async function render(c: Context<AuthEnv>, deps: AuthDeps, member: MemberRow) {
  const { type, project } = c.get("auth");
  const user = await deps.users.require(project.id, member.userId);
  const profile = {
    team_id: member.teamId,
    user_id: member.userId,
    display_name: member.displayName ?? user.displayName,
    profile_image_url: member.profileImageUrl ?? user.profileImageUrl,
  };
  return type === "client" ? profile : { ...profile, user: renderServerUser(user) };
}

/** A client reads its own profile in a team it belongs to; other members' need $read_members. */
async function memberOfPath(c: Context<AuthEnv>, deps: AuthDeps): Promise<{ member: MemberRow; own: boolean }> {
  const { type, project } = c.get("auth");
  const team = await deps.teams.require(project.id, c.req.param("team_id") ?? "");
  const userParam = c.req.param("user_id") ?? "";
  if (type !== "client") {
    const user = await targetUser(c, deps, userParam);
    return { member: await deps.teams.requireMemberRow(team.id, user.id), own: false };
  }
  const { user: caller } = requireUser(c);
  const own = userParam === "me" || userParam === caller.id;
  await deps.teams.requireMember(team.id, caller.id);
  if (!own) await deps.teams.requirePermission(team.id, caller.id, "$read_members");
  return { member: await deps.teams.requireMemberRow(team.id, own ? caller.id : userParam), own };
}

export function registerTeamMemberProfiles(app: AuthApp, deps: AuthDeps): void {
  app.get("/team-member-profiles", projectAuth(deps), async (c) => {
    const query = readQuery(c, listQuery);
    const { type, project } = c.get("auth");
    let members: MemberRow[];
    if (type === "client") {
      if (!query.team_id)
        throw new StatusError("QUERY_PARAMETER_REQUIRED", "team_id is required for access type client");
      const { user: caller } = requireUser(c);
      const team = await deps.teams.require(project.id, query.team_id);
      await deps.teams.requireMember(team.id, caller.id);
      const onlyOwn = query.user_id === "me" || query.user_id === caller.id;
      if (!onlyOwn) await deps.teams.requirePermission(team.id, caller.id, "$read_members");
      members = await deps.teams.members(project.id, {
        teamId: team.id,
        userId: onlyOwn ? caller.id : query.user_id,
      });
    } else {
      const team = query.team_id ? await deps.teams.require(project.id, query.team_id) : null;
      const user = query.user_id ? await targetUser(c, deps, query.user_id) : null;
      members = await deps.teams.members(project.id, { teamId: team?.id, userId: user?.id });
    }
    return c.json({ items: await Promise.all(members.map((m) => render(c, deps, m))), is_paginated: false });
  });

  app.get("/team-member-profiles/:team_id/:user_id", projectAuth(deps), async (c) => {
    const { member } = await memberOfPath(c, deps);
    return c.json(await render(c, deps, member));
  });

  /** A client edits only its own profile. */
  app.patch("/team-member-profiles/:team_id/:user_id", projectAuth(deps), async (c) => {
    const input = await readBody(c, profileUpdate);
    const { member, own } = await memberOfPath(c, deps);
    if (c.get("auth").type === "client" && !own) {
      throw new StatusError(
        "CLIENT_CANNOT_ACT_FOR_OTHER_USERS",
        "A client can only update its own team member profile.",
      );
    }
    const updated = await deps.teams.updateMemberProfile(member, {
      displayName: input.display_name,
      profileImageUrl: await imageInput(deps, c.get("auth"), input.profile_image_url),
    });
    return c.json(await render(c, deps, updated));
  });
}
