import { Hono } from "hono";
import { z } from "zod";
import { type MyTeam, setMemberRoleSchema, type TeamMember, transferOwnershipSchema } from "../contract/teams.ts";
import { isHttpError } from "../lib/errors.ts";
import { requireRole, requireTeamRole } from "./lib/access/resource-access.ts";
import { isTeamMember, setTeamRole } from "./lib/access/set-team-role.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { recordTeamEvents } from "./lib/history/team-log.ts";
import { teamActivityRoutes } from "./team-activity-routes.ts";
import { teamInvitationsRoutes } from "./team-invitations-routes.ts";
import { teamLifecycleRoutes } from "./team-lifecycle-routes.ts";

const notReadable = () =>
  apiError("TEAM_MEMBERS_NOT_READABLE", "You may not read this team's members ($read_members is needed).");

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * GET /teams: the caller's teams with their role in each (the workspace switcher).
 * GET /teams/{teamId}/members: the members with their e-mail and role, for the team page: Stack's
 * client API gives a member's team profile only, whose name is empty for everyone who never set one.
 * Only for callers who hold $read_members in that team; to anyone else a team looks the same
 * whether it exists or not.
 * PUT /teams/{teamId}/members/{userId}/role: an admin changes a member's role (only an owner
 * makes or unmakes an owner).
 * POST /teams/{teamId}/transfer: the owner hands the team to another member, who becomes owner;
 * the caller becomes admin. Invitations and their roles: team-invitations-routes.ts.
 */
export function teamsRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .get("/", async (c) => {
      const userId = c.var.user.id;
      // `Cache-Control: no-cache`: the web app has just created or joined a team through the auth service.
      const fresh = /\bno-cache\b/.test(c.req.header("cache-control") ?? "");
      const teams = await (fresh ? deps.rights.teamsOfNow(userId) : deps.rights.teamsOf(userId));
      const roles = await Promise.all(teams.map((team) => deps.rights.roleIn(team.id, userId)));
      const mine: MyTeam[] = teams.map((team, i) => ({ ...team, role: roles[i] ?? null }));
      return c.json(ok(mine));
    })
    .get("/:teamId/members", async (c) => {
      const teamId = c.req.param("teamId");
      if (!isUuid(teamId)) throw notReadable();
      const allowed = await deps.stackApi.hasTeamPermission(teamId, c.var.user.id, "$read_members").catch((error) => {
        // No such team: the auth service says 404, which must look like any other refusal here.
        if (isHttpError(error) && error.details?.status === 404) return false;
        throw error;
      });
      if (!allowed) throw notReadable();
      const users = await deps.stackApi.listTeamUsers(teamId);
      const roles = await Promise.all(users.map((user) => deps.rights.roleIn(teamId, user.id)));
      const members: TeamMember[] = users.map((user, i) => ({
        userId: user.id,
        displayName: user.display_name?.trim() || null,
        email: user.primary_email,
        role: roles[i] ?? null,
      }));
      return c.json(ok(members));
    })
    .put("/:teamId/members/:userId/role", async (c) => {
      const { role } = await readJson(c, setMemberRoleSchema);
      const teamId = c.req.param("teamId");
      const userId = c.req.param("userId");
      if (!isUuid(teamId)) throw apiError("NOT_A_TEAM_MEMBER", "You are not a member of this team.");
      await requireTeamRole(deps, teamId, c.var.user.id, "admin");
      const callerRole = await deps.rights.roleIn(teamId, c.var.user.id);
      const current = isUuid(userId) ? await deps.rights.roleIn(teamId, userId) : null;
      if (current === null && !(isUuid(userId) && (await isTeamMember(deps, teamId, userId)))) {
        throw apiError("NOT_A_TEAM_MEMBER", "This user is not a member of this team.", { userId });
      }
      // Making or unmaking an owner is the owners' own business.
      if (role === "owner" || current === "owner") requireRole(callerRole ?? "viewer", "owner");
      if (current === "owner" && role !== "owner") await keepOneOwner(deps, teamId, userId);
      await setTeamRole(deps, teamId, userId, role);
      if (role !== current) {
        await recordTeamEvents(deps.store.db, teamId, c.var.user, [
          {
            action: "member.role_changed",
            subject: await emailOf(deps, userId),
            detail: { userId, role, previousRole: current },
          },
        ]);
      }
      return c.json(ok({ userId, role }));
    })
    .post("/:teamId/transfer", async (c) => {
      const { userId } = await readJson(c, transferOwnershipSchema);
      const teamId = c.req.param("teamId");
      const callerId = c.var.user.id;
      if (!isUuid(teamId)) throw apiError("NOT_A_TEAM_MEMBER", "You are not a member of this team.");
      await requireTeamRole(deps, teamId, callerId, "owner");
      if (userId === callerId) throw apiError("TRANSFER_TO_SELF", "You are the owner already: name another member.");
      if (!isUuid(userId) || !(await isTeamMember(deps, teamId, userId))) {
        throw apiError("TRANSFER_TARGET_NOT_MEMBER", "Ownership can only go to a member of this team.", { userId });
      }
      // The new owner first: the team is never without one, even if the second step fails.
      await setTeamRole(deps, teamId, userId, "owner");
      await setTeamRole(deps, teamId, callerId, "admin");
      await recordTeamEvents(deps.store.db, teamId, c.var.user, [
        {
          action: "team.ownership_transferred",
          subject: await emailOf(deps, userId),
          detail: { newOwner: userId, previousOwner: callerId },
        },
      ]);
      return c.json(ok({ owner: userId, previousOwner: callerId }));
    })
    .route("/", teamInvitationsRoutes(deps))
    .route("/", teamLifecycleRoutes(deps))
    .route("/", teamActivityRoutes(deps));
}

/** A team always keeps an owner: the last one cannot step down (transfer ownership first). */
async function keepOneOwner(deps: ApiDeps, teamId: string, leaving: string): Promise<void> {
  const users = await deps.stackApi.listTeamUsers(teamId);
  const roles = await Promise.all(
    users.filter((user) => user.id !== leaving).map((user) => deps.rights.roleIn(teamId, user.id)),
  );
  if (!roles.includes("owner")) {
    throw apiError("TEAM_NEEDS_OWNER", "A team needs an owner: make another member owner first.");
  }
}

/** The member's e-mail for the team's log (kept there after they leave); null when the service has none. */
async function emailOf(deps: ApiDeps, userId: string): Promise<string | null> {
  return (await deps.stackApi.getUser(userId).catch(() => null))?.primary_email ?? null;
}
