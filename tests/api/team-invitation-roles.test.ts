import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TeamActivityPage } from "../../server/contract/team-activity.ts";
import type { TeamInvitation, TeamRole } from "../../server/contract/teams.ts";
import { startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { authServerCall, clientApp, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

/**
 * Invitations that carry a role: sent by the official SDK (as the team page does), their role set,
 * listed and withdrawn through the app API, applied when the invitee has accepted with the SDK.
 */
let server: TestServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let owner: TestUser;
let admin: TestUser;
let developer: TestUser;
let teamId: string;

const serverCall = (method: string, path: string, body?: unknown) => authServerCall(server, method, path, body);

async function addMember(user: TestUser, role: TeamRole) {
  await serverCall("POST", `/team-memberships/${teamId}/${user.userId}`, {});
  const set = await api(server, owner.accessToken, "PUT", `/teams/${teamId}/members/${user.userId}/role`, { role });
  expect(set.status).toBe(200);
}

/** Invites `email` with the inviter's SDK client and answers the invitation's id and mailed code. */
async function invite(inviter: TestUser, email: string) {
  const app = await clientApp(server, { tokens: inviter });
  const team = await (await app.getUser({ or: "throw" })).getTeam(teamId);
  if (!team) throw new Error("the inviter does not see the team");
  await team.inviteUser({ email, callbackUrl: `${server.url}/handler/team-invitation` });
  const sent = (await team.listInvitations()).find((invitation) => invitation.recipientEmail === email);
  if (!sent) throw new Error(`no open invitation to ${email}`);
  const match = /\/handler\/team-invitation\?code=([a-z0-9]{45})/.exec((await waitForMail(mail.dir, email)).text);
  if (!match?.[1]) throw new Error("no invitation link in the mail");
  return { id: sent.id, code: match[1] };
}

const setRole = (caller: TestUser, invitationId: string, role: string) =>
  api(server, caller.accessToken, "PUT", `/teams/${teamId}/invitations/${invitationId}/role`, { role });

async function roleOf(user: TestUser) {
  const members = await api<Array<{ userId: string; role: TeamRole | null }>>(
    server,
    owner.accessToken,
    "GET",
    `/teams/${teamId}/members`,
  );
  return members.data.find((member) => member.userId === user.userId)?.role;
}

/** As the invitation page does: the caller's open invitations are claimed, then accepted with the SDK. */
async function acceptAs(invitee: TestUser, code: string) {
  expect((await api(server, invitee.accessToken, "POST", "/teams/invitations/accepting")).status).toBe(200);
  const app = await clientApp(server, { tokens: invitee });
  expect((await app.acceptTeamInvitation(code)).status).toBe("ok");
}

/** The invitee signs in (a fresh account with the invited address) and accepts by the mailed code. */
async function accept(email: string, code: string) {
  const invitee = await createTestUser(server, { email });
  await acceptAs(invitee, code);
  return invitee;
}

async function storedRoleRows(invitationId: string) {
  return server.store.query<{ role: string }>("select role from team_invitation_roles where invitation_id = $1", [
    invitationId,
  ]);
}

beforeAll(async () => {
  mail = await startMailCatcher(mkdtempSync(join(tmpdir(), "invite-role-mail-")));
  server = await startTestServer({
    env: { AUTH_RATE_LIMITS: "false", SMTP_URL: mail.smtpUrl, TEAM_RIGHTS_CACHE_MS: "0" },
  });
  [owner, admin, developer] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  teamId = String((await serverCall("POST", "/teams", { display_name: "Crew", creator_user_id: owner.userId })).id);
  await addMember(admin, "admin");
  await addMember(developer, "developer");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await mail?.close();
  if (mail) rmSync(mail.dir, { recursive: true, force: true });
});

describe("invitations with a role", () => {
  it("an admin invites as developer: listed with its role, the invitee joins as developer", async () => {
    const email = `dev-${randomUUID()}@example.com`;
    const { id, code } = await invite(admin, email);
    const set = await setRole(admin, id, "developer");
    expect([set.status, set.data]).toEqual([200, { id, role: "developer" }]);

    const listed = await api<TeamInvitation[]>(server, admin.accessToken, "GET", `/teams/${teamId}/invitations`);
    expect(listed.data.find((invitation) => invitation.id === id)).toMatchObject({ email, role: "developer" });

    const invitee = await accept(email, code);
    const applied = await api(server, invitee.accessToken, "POST", `/teams/${teamId}/invitations/accepted`);
    expect([applied.status, applied.data]).toEqual([200, { role: "developer" }]);
    expect(await roleOf(invitee)).toBe("developer");
    // Used up: asking again changes nothing and the invitation is no longer listed.
    const again = await api(server, invitee.accessToken, "POST", `/teams/${teamId}/invitations/accepted`);
    expect(again.data).toEqual({ role: "developer" });
    const after = await api<TeamInvitation[]>(server, admin.accessToken, "GET", `/teams/${teamId}/invitations`);
    expect(after.data.map((invitation) => invitation.id)).not.toContain(id);
  });

  it("an owner invites as admin; an invitation without a role gives the default (viewer)", async () => {
    const adminEmail = `admin-${randomUUID()}@example.com`;
    const asAdmin = await invite(owner, adminEmail);
    expect((await setRole(owner, asAdmin.id, "admin")).status).toBe(200);
    const plainEmail = `plain-${randomUUID()}@example.com`;
    const plain = await invite(owner, plainEmail);
    const listed = await api<TeamInvitation[]>(server, owner.accessToken, "GET", `/teams/${teamId}/invitations`);
    expect(listed.data.find((invitation) => invitation.id === plain.id)?.role).toBeNull();

    const newAdmin = await accept(adminEmail, asAdmin.code);
    const newViewer = await accept(plainEmail, plain.code);
    for (const user of [newAdmin, newViewer]) {
      expect((await api(server, user.accessToken, "POST", `/teams/${teamId}/invitations/accepted`)).status).toBe(200);
    }
    expect(await roleOf(newAdmin)).toBe("admin");
    expect(await roleOf(newViewer)).toBe("viewer");
  });

  it("grants no owner by invitation, and nothing to whoever is not an admin", async () => {
    const { id } = await invite(admin, `nope-${randomUUID()}@example.com`);
    for (const caller of [admin, owner]) {
      const refused = await setRole(caller, id, "owner");
      expect([refused.status, refused.error?.code, refused.error?.details]).toEqual([
        403,
        "INVITATION_ROLE_NOT_GRANTABLE",
        { role: "owner" },
      ]);
    }
    const byDeveloper = await setRole(developer, id, "viewer");
    expect([byDeveloper.status, byDeveloper.error?.code]).toEqual([403, "TEAM_ROLE_REQUIRED"]);
    const listByDeveloper = await api(server, developer.accessToken, "GET", `/teams/${teamId}/invitations`);
    expect(listByDeveloper.error?.code).toBe("TEAM_ROLE_REQUIRED");
    const stranger = await createTestUser(server, { verified: true });
    for (const [method, path] of [
      ["GET", `/teams/${teamId}/invitations`],
      ["PUT", `/teams/${teamId}/invitations/${id}/role`],
      ["DELETE", `/teams/${teamId}/invitations/${id}`],
      ["POST", `/teams/${teamId}/invitations/accepted`],
      ["GET", "/teams/not-a-uuid/invitations"],
    ] as const) {
      const answer = await api(
        server,
        stranger.accessToken,
        method,
        path,
        method === "PUT" ? { role: "viewer" } : undefined,
      );
      expect([answer.status, answer.error?.code]).toEqual([403, "NOT_A_TEAM_MEMBER"]);
    }
    const badRole = await setRole(admin, id, "superuser");
    expect([badRole.status, badRole.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const unknown = await setRole(admin, randomUUID(), "viewer");
    expect([unknown.status, unknown.error?.code]).toEqual([404, "TEAM_INVITATION_NOT_FOUND"]);
  });

  it("a withdrawn invitation's role is gone: its invitee cannot claim it later", async () => {
    const email = `withdrawn-${randomUUID()}@example.com`;
    const { id } = await invite(admin, email);
    expect((await setRole(admin, id, "admin")).status).toBe(200);
    const withdrawn = await api(server, admin.accessToken, "DELETE", `/teams/${teamId}/invitations/${id}`);
    expect(withdrawn.status).toBe(200);
    const twice = await api(server, admin.accessToken, "DELETE", `/teams/${teamId}/invitations/${id}`);
    expect([twice.status, twice.error?.code]).toEqual([404, "TEAM_INVITATION_NOT_FOUND"]);
    expect((await setRole(admin, id, "viewer")).error?.code).toBe("TEAM_INVITATION_NOT_FOUND");

    // The same address joins another way (added by an operator): it stays a viewer.
    const user = await createTestUser(server, { email, verified: true });
    await serverCall("POST", `/team-memberships/${teamId}/${user.userId}`, {});
    const claimed = await api(server, user.accessToken, "POST", `/teams/${teamId}/invitations/accepted`);
    expect([claimed.status, claimed.data]).toEqual([200, { role: "viewer" }]);
  });

  it("an invitation withdrawn with the SDK: its role is neither listed nor applied, and its row is gone", async () => {
    const email = `sdk-withdrawn-${randomUUID()}@example.com`;
    const { id, code } = await invite(admin, email);
    expect((await setRole(admin, id, "admin")).status).toBe(200);
    expect(await storedRoleRows(id)).toHaveLength(1);
    // Someone with that address is a member already (a viewer), and has not claimed the invitation.
    const member = await createTestUser(server, { email, verified: true });
    await serverCall("POST", `/team-memberships/${teamId}/${member.userId}`, {});
    // Withdrawn behind the console's back, with the SDK.
    const app = await clientApp(server, { tokens: admin });
    const team = await (await app.getUser({ or: "throw" })).getTeam(teamId);
    const sent = (await team?.listInvitations())?.find((invitation) => invitation.id === id);
    if (!sent) throw new Error("the invitation is not listed");
    await sent.revoke();

    const listed = await api<TeamInvitation[]>(server, admin.accessToken, "GET", `/teams/${teamId}/invitations`);
    expect(listed.data.map((invitation) => invitation.id)).not.toContain(id);
    // Listing dropped the withdrawn invitation's role (lazily: the console hears of it only now).
    expect(await storedRoleRows(id)).toHaveLength(0);
    const claimed = await api(server, member.accessToken, "POST", `/teams/${teamId}/invitations/accepted`);
    expect(claimed.data).toEqual({ role: "viewer" });
    expect(await roleOf(member)).toBe("viewer");
    // Its code no longer lets anyone in either.
    const late = await clientApp(server, { tokens: member });
    expect((await late.acceptTeamInvitation(code)).status).toBe("error");
  });

  it("withdrawn with the server API before any claim: nothing is claimed or applied, the row goes on acceptance", async () => {
    const email = `claimed-${randomUUID()}@example.com`;
    const { id } = await invite(owner, email);
    expect((await setRole(owner, id, "admin")).status).toBe(200);
    const member = await createTestUser(server, { email, verified: true });
    await serverCall("POST", `/team-memberships/${teamId}/${member.userId}`, {});
    // Withdrawn before any claim, then claimed: nothing is open to claim, so nothing is marked.
    await serverCall("DELETE", `/team-invitations/${id}?team_id=${teamId}`);
    const mark = await api<{ claimed: number }>(server, member.accessToken, "POST", "/teams/invitations/accepting");
    expect(mark.data).toEqual({ claimed: 0 });
    const claimed = await api(server, member.accessToken, "POST", `/teams/${teamId}/invitations/accepted`);
    expect(claimed.data).toEqual({ role: "viewer" });
    expect(await storedRoleRows(id)).toHaveLength(0);
  });

  it("applies a role only to the address it was sent to, and never before the invitation is accepted", async () => {
    const email = `open-${randomUUID()}@example.com`;
    const { id, code } = await invite(owner, email);
    expect((await setRole(owner, id, "admin")).status).toBe(200);
    // A member with that address who has not accepted: the invitation is still open, nothing applies.
    const user = await createTestUser(server, { email, verified: true });
    await serverCall("POST", `/team-memberships/${teamId}/${user.userId}`, {});
    const early = await api(server, user.accessToken, "POST", `/teams/${teamId}/invitations/accepted`);
    expect(early.data).toEqual({ role: "viewer" });
    // Another member asking after the acceptance gets nothing of it either.
    await acceptAs(user, code);
    const other = await api(server, developer.accessToken, "POST", `/teams/${teamId}/invitations/accepted`);
    expect(other.data).toEqual({ role: "developer" });
    const mine = await api(server, user.accessToken, "POST", `/teams/${teamId}/invitations/accepted`);
    expect(mine.data).toEqual({ role: "admin" });
  });

  it("the team's activity names the invitation roles set, withdrawn and accepted, with who did it", async () => {
    const kept = `kept-${randomUUID()}@example.com`;
    const dropped = `dropped-${randomUUID()}@example.com`;
    const keptInvite = await invite(admin, kept);
    const droppedInvite = await invite(admin, dropped);
    expect((await setRole(admin, keptInvite.id, "developer")).status).toBe(200);
    expect((await setRole(admin, droppedInvite.id, "viewer")).status).toBe(200);
    const withdrawn = await api(
      server,
      admin.accessToken,
      "DELETE",
      `/teams/${teamId}/invitations/${droppedInvite.id}`,
    );
    expect(withdrawn.status).toBe(200);
    const invitee = await accept(kept, keptInvite.code);
    expect((await api(server, invitee.accessToken, "POST", `/teams/${teamId}/invitations/accepted`)).status).toBe(200);

    const mine = (entries: TeamActivityPage["entries"]) =>
      entries
        .filter((e) => e.subject === kept || e.subject === dropped)
        .map((e) => [e.action, e.actor.label, e.subject, e.detail?.role]);
    const page = await api<TeamActivityPage>(server, developer.accessToken, "GET", `/teams/${teamId}/activity`);
    expect(page.status).toBe(200);
    expect(mine(page.data.entries)).toEqual([
      ["invitation.accepted", kept, kept, "developer"],
      ["invitation.withdrawn", admin.email, dropped, "viewer"],
      ["invitation.role_set", admin.email, dropped, "viewer"],
      ["invitation.role_set", admin.email, kept, "developer"],
    ]);
  });
});
