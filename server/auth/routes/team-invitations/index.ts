import type { Context } from "hono";
import { z } from "zod";
import { requestLocale } from "../../../lib/request-locale.ts";
import { projectAuth, requireUser } from "../../access/project-auth.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { restrictedReasonOf } from "../../crypto/tokens.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { StatusError } from "../../errors/status-error.ts";
import { templatedMail } from "../../mail/auth-mails.ts";
import { LIMITS } from "../../policy/rate-limit.ts";
import { isTrustedUrl } from "../../policy/trusted-domains.ts";
import type { TeamRow } from "../../stores/teams.ts";
import { normalizeEmail, type UserRecord } from "../../stores/users.ts";
import type { CodeRow } from "../../stores/verification-codes.ts";
import { readBody, readQuery } from "../../wire/headers.ts";
import { emailSchema, urlSchema } from "../../wire/schemas.ts";

const PURPOSE = "team_invitation" as const;

const sendBody = z.strictObject({ team_id: z.string().max(64), email: emailSchema, callback_url: urlSchema });
const codeBody = z.strictObject({ code: z.string().min(1).max(100) });
const listQuery = z.object({ team_id: z.string().max(64).optional(), user_id: z.string().max(64).optional() });
const teamQuery = z.object({ team_id: z.string().max(64) });
const userQuery = z.object({ user_id: z.string().max(64).optional() });

type InvitationData = { team_id: string; email: string };
const dataOf = (row: CodeRow) => row.data as InvitationData;

/**
 * A client acting on a team's invitations must be a member holding `permissions`; Stack names
 * $invite_members first, so that is the error a member without either sees.
 */
async function teamForCaller(c: Context<AuthEnv>, deps: AuthDeps, teamId: string, permissions: string[]) {
  const { type, project } = c.get("auth");
  const team = await deps.teams.require(project.id, teamId);
  if (type === "client") {
    const { user } = requireUser(c);
    await deps.teams.requireMember(team.id, user.id);
    for (const permission of permissions) await deps.teams.requirePermission(team.id, user.id, permission);
  }
  return team;
}

/** The addresses a user has shown they own. */
async function verifiedEmailsOf(deps: AuthDeps, projectId: string, userId: string): Promise<string[]> {
  const channels = await deps.channels.list(projectId, userId);
  return channels.filter((ch) => ch.type === "email" && ch.isVerified).map((ch) => ch.value);
}

async function render(deps: AuthDeps, projectId: string, rows: CodeRow[]) {
  const teams = new Map<string, TeamRow | null>();
  for (const row of rows) {
    const teamId = dataOf(row).team_id;
    if (!teams.has(teamId)) teams.set(teamId, await deps.teams.require(projectId, teamId).catch(() => null));
  }
  return rows.flatMap((row) => {
    const team = teams.get(dataOf(row).team_id);
    if (!team) return [];
    return [
      {
        id: row.id,
        team_id: team.id,
        team_display_name: team.displayName,
        expires_at_millis: row.expiresAt.getTime(),
        recipient_email: dataOf(row).email,
      },
    ];
  });
}

/**
 * Adds the user to the invitation's team (with the project's member defaults) unless they already
 * are a member, and uses the invitation up.
 */
async function join(c: Context<AuthEnv>, deps: AuthDeps, row: CodeRow, user: UserRecord): Promise<void> {
  const { project } = c.get("auth");
  const team = await deps.teams.require(project.id, dataOf(row).team_id);
  if (!(await deps.teams.isMember(team.id, user.id))) {
    const permissions = project.config.team_member_default_permissions.map((p) => p.id);
    await deps.teams.addMember(team.id, user.id, permissions).catch((error: unknown) => {
      // Two tabs accepting at once: the second finds the membership there, which is the goal.
      if ((error as { code?: string }).code !== "TEAM_MEMBERSHIP_ALREADY_EXISTS") throw error;
    });
    await deps.users.changed(user.id);
  }
}

export function registerTeamInvitations(app: AuthApp, deps: AuthDeps): void {
  /** Mails an invitation link; a client needs $invite_members in the team. */
  app.post("/team-invitations/send-code", projectAuth(deps), async (c) => {
    const input = await readBody(c, sendBody);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-send", LIMITS.codeSendPerIp);
    await deps.limits.mailTo(c, project.id, "code-send", input.email);
    const team = await teamForCaller(c, deps, input.team_id, ["$invite_members"]);
    if (!isTrustedUrl(project, input.callback_url, deps.ctx.publicUrl())) throw KnownErrors.redirectUrlNotWhitelisted();
    const email = normalizeEmail(input.email);
    const { code, id } = await deps.codes.issue(project.id, PURPOSE, null, { team_id: team.id, email });
    const link = new URL(input.callback_url, deps.ctx.publicUrl());
    link.searchParams.set("code", code);
    // The invitee has no language of ours yet: the inviter's is the best guess (they share a team).
    const locale = requestLocale(c);
    const inviter = c.get("auth").user;
    await deps.mailer.send(
      await templatedMail(
        deps.ctx.store,
        project,
        "team_invitation",
        email,
        {
          link: link.toString(),
          teamDisplayName: team.displayName,
          // A server (no user) invites on behalf of the team: the mail names the team's owner, the project.
          inviterDisplayName: inviter?.displayName || inviter?.primaryEmail || project.displayName,
        },
        locale,
      ),
    );
    return c.json({ success: true, id });
  });

  /** By team (members with $invite_members and $read_members), or the invitations to my addresses. */
  app.get("/team-invitations", projectAuth(deps), async (c) => {
    const query = readQuery(c, listQuery);
    const { project } = c.get("auth");
    if (query.team_id && query.user_id) throw KnownErrors.schemaError("Cannot specify both team_id and user_id.");
    if (query.team_id) {
      const team = await teamForCaller(c, deps, query.team_id, ["$invite_members", "$read_members"]);
      const rows = await deps.codes.listOpen(project.id, PURPOSE, "team_id", [team.id]);
      return c.json({ items: await render(deps, project.id, rows), is_paginated: false });
    }
    if (query.user_id) {
      const user = await targetUser(c, deps, query.user_id);
      const emails = await verifiedEmailsOf(deps, project.id, user.id);
      const rows = await deps.codes.listOpen(project.id, PURPOSE, "email", emails);
      return c.json({ items: await render(deps, project.id, rows), is_paginated: false });
    }
    throw new StatusError("QUERY_PARAMETER_REQUIRED", "Must specify either team_id or user_id");
  });

  /**
   * Withdraws an invitation (a client needs $remove_members). An invitation that is already gone
   * answers 404 here, where the reference server fails with a 500.
   */
  app.delete("/team-invitations/:id", projectAuth(deps), async (c) => {
    const { team_id } = readQuery(c, teamQuery);
    const { project } = c.get("auth");
    const team = await teamForCaller(c, deps, team_id, ["$remove_members"]);
    const row = await deps.codes.openById(project.id, PURPOSE, c.req.param("id"));
    if (!row || dataOf(row).team_id !== team.id) throw KnownErrors.verificationCodeNotFound();
    await deps.codes.deleteById(row.id);
    return c.json({ success: true });
  });

  /** Accepts a listed invitation to one of the user's verified addresses (no code needed). */
  app.post("/team-invitations/:id/accept", projectAuth(deps), async (c) => {
    const { user_id } = readQuery(c, userQuery);
    const { project } = c.get("auth");
    const user = await targetUser(c, deps, user_id ?? "me");
    const row = await deps.codes.openById(project.id, PURPOSE, c.req.param("id"));
    const emails = await verifiedEmailsOf(deps, project.id, user.id);
    if (!row || !emails.includes(dataOf(row).email)) throw KnownErrors.verificationCodeNotFound();
    if (!(await deps.codes.consumeById(row.id))) throw KnownErrors.verificationCodeAlreadyUsed();
    await join(c, deps, row, user);
    return c.json({});
  });

  // The mailed code: check, details and accept count attempts like every other code.
  const codeRoute = (path: string) =>
    app.post(path, projectAuth(deps), async (c) => {
      const { code } = await readBody(c, codeBody);
      const { project } = c.get("auth");
      await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
      const accept = path.endsWith("/accept");
      const row = await deps.codes.check(project.id, PURPOSE, code);
      if (path.endsWith("/check-code")) return c.json({ is_code_valid: true });
      const { user } = requireUser(c);
      // Anonymous or not yet onboarded users join no team (they would see its members).
      const restricted = restrictedReasonOf(user);
      if (restricted) throw KnownErrors.teamInvitationRestrictedUserNotAllowed(restricted);
      const team = await deps.teams.require(project.id, dataOf(row).team_id);
      if (!accept) return c.json({ team_id: team.id, team_display_name: team.displayName });
      const channel = (await deps.channels.list(project.id, user.id)).find(
        (ch) => ch.type === "email" && ch.value === dataOf(row).email,
      );
      // Forwarding the link does not let someone else in: the invited address must be theirs.
      if (!channel) throw KnownErrors.teamInvitationEmailMismatch();
      await deps.codes.redeem(project.id, PURPOSE, code);
      // The code reached that mailbox, which proves the address as a verification mail would.
      if (!channel.isVerified) {
        await deps.channels.markVerified(project.id, channel.id, channel.value);
        await deps.users.changed(user.id);
      }
      await join(c, deps, row, user);
      return c.json({});
    });
  codeRoute("/team-invitations/accept/check-code");
  codeRoute("/team-invitations/accept/details");
  codeRoute("/team-invitations/accept");
}
