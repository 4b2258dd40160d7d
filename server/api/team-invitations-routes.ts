import { and, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { type AcceptedInvitation, setInvitationRoleSchema, type TeamInvitation } from "../contract/teams.ts";
import { teamInvitationRolesTable } from "../db/schema/index.ts";
import { requireRole, requireTeamRole } from "./lib/access/resource-access.ts";
import { setTeamRole } from "./lib/access/set-team-role.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { recordTeamEvents } from "./lib/history/team-log.ts";

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const notMember = () => apiError("NOT_A_TEAM_MEMBER", "You are not a member of this team.");
const notOpen = () => apiError("TEAM_INVITATION_NOT_FOUND", "This invitation is not an open one of this team.");
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** How long a claim made just before accepting stays good: the time to press Join and get an answer. */
const INVITATION_CLAIM_MS = 10 * 60_000;

/**
 * The role a team invitation grants. The invitation is sent by the browser through the auth service
 * (its SDK, so the service's limits see the inviter's address); the role is stored here, by the
 * service's invitation id, and applied when the invitee has accepted.
 *
 * GET /teams/{teamId}/invitations: the open invitations with their roles (admins).
 * PUT /teams/{teamId}/invitations/{invitationId}/role: an admin sets the role of an open invitation
 * (never owner; never above their own role).
 * DELETE /teams/{teamId}/invitations/{invitationId}: an admin withdraws it, role and all.
 * POST /teams/{teamId}/invitations/accepted: the invitee, once a member, gets the invitation's role.
 */
export function teamInvitationsRoutes(deps: ApiDeps) {
  const db = () => deps.store.db;

  /** The caller's checked admin role in the team; the same refusal for a malformed or unknown team. */
  const adminOf = async (teamId: string, userId: string) => {
    if (!isUuid(teamId)) throw notMember();
    await requireTeamRole(deps, teamId, userId, "admin");
    return (await deps.rights.roleIn(teamId, userId)) ?? "viewer";
  };

  return new Hono<ApiEnv>()
    .get("/:teamId/invitations", async (c) => {
      const teamId = c.req.param("teamId");
      await adminOf(teamId, c.var.user.id);
      const open = await deps.stackApi.listTeamInvitations(teamId);
      await pruneGoneInvitations(
        deps,
        teamId,
        open.map((invitation) => invitation.id),
      );
      const rows = open.length
        ? await db()
            .select()
            .from(teamInvitationRolesTable)
            .where(
              inArray(
                teamInvitationRolesTable.invitationId,
                open.map((invitation) => invitation.id),
              ),
            )
        : [];
      const roles = new Map(rows.map((row) => [row.invitationId, row.role]));
      const list: TeamInvitation[] = open.map((invitation) => ({
        id: invitation.id,
        email: invitation.recipient_email ?? "",
        expiresAt: new Date(invitation.expires_at_millis).toISOString(),
        role: roles.get(invitation.id) ?? null,
      }));
      return c.json(ok(list));
    })
    .put("/:teamId/invitations/:invitationId/role", async (c) => {
      const { role } = await readJson(c, setInvitationRoleSchema);
      const teamId = c.req.param("teamId");
      const invitationId = c.req.param("invitationId");
      const callerRole = await adminOf(teamId, c.var.user.id);
      if (role === "owner") {
        throw apiError("INVITATION_ROLE_NOT_GRANTABLE", "Ownership is handed over by transfer, not by invitation.", {
          role,
        });
      }
      // An admin hands out at most admin (and an owner too: owner is never invited).
      requireRole(callerRole, role);
      if (!isUuid(invitationId)) throw notOpen();
      const open = await deps.stackApi.listTeamInvitations(teamId);
      const invitation = open.find((candidate) => candidate.id === invitationId);
      if (!invitation?.recipient_email) throw notOpen();
      const values = {
        invitationId,
        teamId,
        email: invitation.recipient_email,
        role,
        expiresAt: new Date(invitation.expires_at_millis),
        invitedBy: c.var.user.id,
      };
      // Roles of invitations that expired unused or were withdrawn elsewhere go on the way.
      await pruneGoneInvitations(
        deps,
        teamId,
        open.map((candidate) => candidate.id),
      );
      await db()
        .insert(teamInvitationRolesTable)
        .values(values)
        .onConflictDoUpdate({
          target: teamInvitationRolesTable.invitationId,
          set: { role, invitedBy: values.invitedBy },
        });
      await recordTeamEvents(db(), teamId, c.var.user, [
        { action: "invitation.role_set", subject: invitation.recipient_email, detail: { role } },
      ]);
      return c.json(ok({ id: invitationId, role }));
    })
    .delete("/:teamId/invitations/:invitationId", async (c) => {
      const teamId = c.req.param("teamId");
      const invitationId = c.req.param("invitationId");
      await adminOf(teamId, c.var.user.id);
      if (!isUuid(invitationId)) throw notOpen();
      // The role goes first: a withdrawn invitation's role must never be applied.
      const [withdrawn] = await db()
        .delete(teamInvitationRolesTable)
        .where(
          and(eq(teamInvitationRolesTable.invitationId, invitationId), eq(teamInvitationRolesTable.teamId, teamId)),
        )
        .returning();
      if (!(await deps.stackApi.revokeTeamInvitation(teamId, invitationId))) throw notOpen();
      await recordTeamEvents(db(), teamId, c.var.user, [
        {
          action: "invitation.withdrawn",
          subject: withdrawn?.email ?? null,
          detail: withdrawn ? { role: withdrawn.role } : null,
        },
      ]);
      return c.json(ok({ id: invitationId }));
    })
    .post("/invitations/accepting", async (c) => {
      // Just before the invitee accepts with the auth service: their invitations that are open now
      // are marked as theirs to claim, so one withdrawn meanwhile is not mistaken for an accepted one.
      const userId = c.var.user.id;
      const emails = (await deps.stackApi.emails(userId)).map((email) => email.trim().toLowerCase());
      if (emails.length === 0) return c.json(ok({ claimed: 0 }));
      const t = teamInvitationRolesTable;
      const rows = await db()
        .select()
        .from(t)
        .where(and(inArray(sql`lower(${t.email})`, emails), gt(t.expiresAt, new Date())));
      const claimable: string[] = [];
      for (const teamId of new Set(rows.map((row) => row.teamId))) {
        const open = new Set((await deps.stackApi.listTeamInvitations(teamId)).map((invitation) => invitation.id));
        for (const row of rows)
          if (row.teamId === teamId && open.has(row.invitationId)) claimable.push(row.invitationId);
      }
      if (claimable.length > 0) {
        await db()
          .update(t)
          .set({ claimedBy: userId, claimUntil: new Date(Date.now() + INVITATION_CLAIM_MS) })
          .where(inArray(t.invitationId, claimable));
      }
      return c.json(ok({ claimed: claimable.length }));
    })
    .post("/:teamId/invitations/accepted", async (c) => {
      const teamId = c.req.param("teamId");
      const userId = c.var.user.id;
      if (!isUuid(teamId)) throw notMember();
      const current = await deps.rights.roleIn(teamId, userId);
      if (current === null && (await deps.stackApi.teamPermissions(teamId, userId)) === null) throw notMember();
      const role = await claimAcceptedRole(deps, teamId, userId);
      // An owner keeps ownership: it is handed over by transfer only.
      if (role && current !== "owner") {
        await setTeamRole(deps, teamId, userId, role);
        await recordTeamEvents(db(), teamId, c.var.user, [
          { action: "invitation.accepted", subject: c.var.user.email, detail: { role } },
        ]);
      }
      const answer: AcceptedInvitation = { role: role && current !== "owner" ? role : current };
      return c.json(ok(answer));
    });
}

/**
 * The role of the invitation the caller has just accepted, used up: among this team's invitation
 * roles for one of the caller's verified addresses, those the caller claimed while still open
 * (`POST /teams/invitations/accepting`, moments before accepting) that the auth service no longer
 * lists as open were accepted; the newest wins. One that is gone without such a claim was withdrawn
 * (or accepted by a client that never asked for its role): it is deleted, never applied.
 */
async function claimAcceptedRole(deps: ApiDeps, teamId: string, userId: string) {
  const db = deps.store.db;
  const t = teamInvitationRolesTable;
  const open = (await deps.stackApi.listTeamInvitations(teamId)).map((invitation) => invitation.id);
  await pruneGoneInvitations(deps, teamId, open);
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.teamId, teamId), eq(t.claimedBy, userId), gt(t.claimUntil, new Date())));
  const gone = rows.filter((row) => !open.includes(row.invitationId));
  if (gone.length === 0) return null;
  const emails = await deps.stackApi.verifiedEmails(userId);
  const accepted = gone.filter((row) => emails.some((email) => sameAddress(email, row.email)));
  await db.delete(t).where(
    inArray(
      t.invitationId,
      gone.map((row) => row.invitationId),
    ),
  );
  accepted.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return accepted[0]?.role ?? null;
}

/**
 * Drops the team's invitation roles that can never apply: expired ones, and those whose invitation
 * the auth service no longer lists (`open`) that nobody claimed moments before accepting. An
 * invitation withdrawn behind the console's back (with the SDK or the server API) so loses its role.
 */
async function pruneGoneInvitations(deps: ApiDeps, teamId: string, open: string[]) {
  const t = teamInvitationRolesTable;
  const now = new Date();
  const gone = and(
    open.length > 0 ? notInArray(t.invitationId, open) : undefined,
    or(isNull(t.claimUntil), lte(t.claimUntil, now)),
  );
  await deps.store.db.delete(t).where(and(eq(t.teamId, teamId), or(lte(t.expiresAt, now), gone)));
}
