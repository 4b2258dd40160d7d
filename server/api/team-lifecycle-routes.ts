import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { teamNameSchema } from "../contract/teams.ts";
import { isHttpError } from "../lib/errors.ts";
import { findAccessToken } from "./lib/access/access-token.ts";
import { ownerChannel } from "./lib/access/owner.ts";
import { requireRole } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { recordTeamEvents } from "./lib/history/team-log.ts";

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const notMember = () => apiError("NOT_A_TEAM_MEMBER", "You are not a member of this team.");

/**
 * The auth service's refusal of a change made as the caller, in the console's words: not a member
 * (or no such team) looks the same; a missing team permission names it.
 */
function refusal(error: unknown, permission: string | null): unknown {
  if (!isHttpError(error) || error.code !== "AUTH_SERVICE_UNAVAILABLE") return error;
  const status = error.details?.status;
  const code = error.details?.authErrorCode;
  if (code === "TEAM_PERMISSION_REQUIRED" && permission) {
    return apiError("TEAM_PERMISSION_MISSING", `This needs the team permission ${permission}.`, { permission });
  }
  if (status === 404 || code === "TEAM_NOT_FOUND" || code === "TEAM_MEMBERSHIP_NOT_FOUND") return notMember();
  return error;
}

/** The caller's own access token: the change is made with their rights at the auth service, never ours. */
function callerToken(c: Context<ApiEnv>): string {
  const token = findAccessToken((name) => c.req.header(name));
  if (!token) throw apiError("UNAUTHENTICATED", "Sign in first: no access token was sent.");
  return token;
}

/**
 * The team's own life, made through the console so that its activity names who did it (the auth
 * service's webhooks carry no actor): the console passes each change on to the auth service as the
 * caller (their access token, the client API), so the service's own rules decide exactly as they
 * would for the SDK, then records it with the caller the access token proved.
 *
 * POST /teams {displayName}: create (the caller becomes its first member, owner).
 * PATCH /teams/{teamId} {displayName}: rename ($update_team).
 * DELETE /teams/{teamId}: delete ($delete_team).
 * POST /teams/{teamId}/leave: the caller leaves.
 * DELETE /teams/{teamId}/members/{userId}: an admin removes a member (an owner only by an owner).
 */
export function teamLifecycleRoutes(deps: ApiDeps) {
  const db = () => deps.store.db;
  /** Every member's switcher and open team page read the team again. */
  const tell = (teamId: string) =>
    deps.events.publish(ownerChannel({ type: "team", id: teamId }), {
      type: "store",
      store: "teams",
      op: "refetch",
      teamId,
    });
  /** The team's name now (server API), for the log; a team that is not there is no one's. */
  const nameOf = async (teamId: string) => {
    if (!isUuid(teamId)) throw notMember();
    try {
      return (await deps.stackApi.getTeam(teamId)).display_name;
    } catch (error) {
      throw refusal(error, null);
    }
  };

  return new Hono<ApiEnv>()
    .post("/", async (c) => {
      const { displayName } = await readJson(c, teamNameSchema);
      const team = await deps.stackApi
        .asUser(callerToken(c))
        .createTeam(displayName)
        .catch((error: unknown) => {
          if (isHttpError(error) && error.details?.authErrorCode === "CLIENT_TEAM_CREATION_DISABLED") {
            throw apiError("TEAM_CREATION_DISABLED", "This project lets no client create teams.");
          }
          throw refusal(error, null);
        });
      deps.rights.forget(team.id, c.var.user.id);
      await recordTeamEvents(db(), team.id, c.var.user, [{ action: "team.created", subject: team.display_name }]);
      return c.json(ok({ id: team.id, displayName: team.display_name }), 201);
    })
    .patch("/:teamId", async (c) => {
      const { displayName } = await readJson(c, teamNameSchema);
      const teamId = c.req.param("teamId");
      const previousName = await nameOf(teamId);
      const team = await deps.stackApi
        .asUser(callerToken(c))
        .renameTeam(teamId, displayName)
        .catch((error: unknown) => {
          throw refusal(error, "$update_team");
        });
      if (team.display_name !== previousName) {
        await recordTeamEvents(db(), teamId, c.var.user, [
          { action: "team.renamed", subject: team.display_name, detail: { previousName } },
        ]);
        await tell(teamId);
      }
      return c.json(ok({ id: teamId, displayName: team.display_name }));
    })
    .delete("/:teamId", async (c) => {
      const teamId = c.req.param("teamId");
      const name = await nameOf(teamId);
      await deps.stackApi
        .asUser(callerToken(c))
        .deleteTeam(teamId)
        .catch((error: unknown) => {
          throw refusal(error, "$delete_team");
        });
      // Kept in the team's log after the team is gone (no member is left to read it there).
      await recordTeamEvents(db(), teamId, c.var.user, [{ action: "team.deleted", subject: name }]);
      deps.rights.forget(teamId, c.var.user.id);
      await tell(teamId);
      return c.json(ok({ id: teamId, deleted: true }));
    })
    .post("/:teamId/leave", async (c) => {
      const teamId = c.req.param("teamId");
      if (!isUuid(teamId)) throw notMember();
      await deps.stackApi
        .asUser(callerToken(c))
        .removeMember(teamId, "me")
        .catch((error: unknown) => {
          throw refusal(error, null);
        });
      deps.rights.forget(teamId, c.var.user.id);
      await recordTeamEvents(db(), teamId, c.var.user, [{ action: "member.left", subject: c.var.user.email }]);
      await tell(teamId);
      return c.json(ok({ id: teamId, left: true }));
    })
    .delete("/:teamId/members/:userId", async (c) => {
      const teamId = c.req.param("teamId");
      const userId = c.req.param("userId");
      if (!isUuid(teamId)) throw notMember();
      const callerRole = await deps.rights.roleIn(teamId, c.var.user.id);
      if (callerRole === null) throw notMember();
      // Removing is the admins' (the console's rule), and an owner goes only by an owner's hand.
      requireRole(callerRole, "admin");
      // Oneself is left, not removed: Leave team keeps a team from losing its last owner this way.
      if (userId === c.var.user.id) {
        throw apiError("TEAM_REMOVE_SELF", "You cannot remove yourself: use Leave team instead.");
      }
      if (!isUuid(userId)) throw apiError("NOT_A_TEAM_MEMBER", "This user is not a member of this team.", { userId });
      const targetRole = isUuid(userId) ? await deps.rights.roleIn(teamId, userId) : null;
      if (targetRole === "owner") requireRole(callerRole, "owner");
      const email = isUuid(userId)
        ? ((await deps.stackApi.getUser(userId).catch(() => null))?.primary_email ?? null)
        : null;
      await deps.stackApi
        .asUser(callerToken(c))
        .removeMember(teamId, userId)
        .catch((error: unknown) => {
          const mapped = refusal(error, "$remove_members");
          // The member is not in the team: said as such (the caller is, or the role check had failed).
          if (isHttpError(mapped) && mapped.code === "NOT_A_TEAM_MEMBER") {
            throw apiError("NOT_A_TEAM_MEMBER", "This user is not a member of this team.", { userId });
          }
          throw mapped;
        });
      deps.rights.forget(teamId, userId);
      await recordTeamEvents(db(), teamId, c.var.user, [
        { action: "member.removed", subject: email, detail: { userId } },
      ]);
      await tell(teamId);
      return c.json(ok({ userId, removed: true }));
    });
}
