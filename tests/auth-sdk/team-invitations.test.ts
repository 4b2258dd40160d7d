import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { clientApp, createTestUser, DIALECTS, type Dialect, serverApp } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher(mkdtempSync(join(tmpdir(), "invite-mail-")));
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", SMTP_URL: mail.smtpUrl } });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
  rmSync(mail.dir, { recursive: true, force: true });
});

const callbackUrl = () => `${server.url}/handler/team-invitation`;

function invitationCode(text: string): string {
  const match = /\/handler\/team-invitation\?code=([a-z0-9]{45})/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in:\n${text}`);
  return match[1];
}

/** A signed-in client app of a fresh user (created through the server API). */
async function signedIn(dialect: Dialect, options: { email?: string; verified?: boolean } = {}) {
  const user = await createTestUser(server, options);
  const app = await clientApp(server, { dialect, tokens: user });
  return { ...user, app };
}

/** A team whose owner holds the creator defaults plus $invite_members. */
async function teamWithInviter(dialect: Dialect) {
  const owner = await signedIn(dialect, { verified: true });
  const admin = await serverApp(server, { dialect });
  const created = await admin.createTeam({
    displayName: `Team ${randomUUID().slice(0, 8)}`,
    creatorUserId: owner.userId,
  });
  const serverOwner = await admin.getUser(owner.userId);
  await serverOwner?.grantPermission(created, "$invite_members");
  const team = await (await owner.app.getUser({ or: "throw" })).getTeam(created.id);
  if (!team) throw new Error("the owner does not see the team");
  return { owner, team, admin };
}

async function signUp(app: StackClientApp<true>, email: string) {
  const result = await app.signUpWithCredential({
    email,
    password: "correct-horse-1",
    noRedirect: true,
    noVerificationCallback: true,
  });
  expect(result.status).toBe("ok");
}

describe.each(DIALECTS)("team invitations with the %s dialect", (dialect) => {
  it("invites by e-mail; the invitee signs up, checks, reads and accepts the mailed code once", async () => {
    const { team } = await teamWithInviter(dialect);
    const email = `invitee-${randomUUID()}@example.com`;
    await team.inviteUser({ email, callbackUrl: callbackUrl() });

    const listed = await team.listInvitations();
    expect(listed.map((i) => i.recipientEmail)).toEqual([email]);
    expect(listed[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    const message = await waitForMail(mail.dir, email);
    expect(message.subject).toContain(team.displayName);
    const code = invitationCode(message.text);

    const invitee = await clientApp(server, { dialect });
    await signUp(invitee, email);
    expect((await invitee.verifyTeamInvitationCode(code)).status).toBe("ok");
    const details = await invitee.getTeamInvitationDetails(code);
    expect(details.status === "ok" && details.data.teamDisplayName).toBe(team.displayName);
    expect((await invitee.acceptTeamInvitation(code)).status).toBe("ok");

    const user = await invitee.getUser({ or: "throw" });
    expect((await user.listTeams()).map((t) => t.id)).toContain(team.id);
    // Following the mailed link proved the address.
    expect(user.primaryEmailVerified).toBe(true);
    const again = await invitee.acceptTeamInvitation(code);
    expect(again.status === "error" && again.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");
    expect(await team.listInvitations()).toEqual([]);
    // The new member holds the member defaults ($read_members, $invite_members), not more.
    const joined = await user.getTeam(team.id);
    if (!joined) throw new Error("the new member does not see the team");
    expect(await user.hasPermission(joined, "$read_members")).toBe(true);
    expect(await user.hasPermission(joined, "$invite_members")).toBe(true);
    expect(await user.hasPermission(joined, "$remove_members")).toBe(false);
  });

  it("refuses a forwarded code to someone with another address, and an unknown code", async () => {
    const { team } = await teamWithInviter(dialect);
    const email = `forwarded-${randomUUID()}@example.com`;
    await team.inviteUser({ email, callbackUrl: callbackUrl() });
    const code = invitationCode((await waitForMail(mail.dir, email)).text);

    const stranger = await signedIn(dialect);
    const refused = await stranger.app.acceptTeamInvitation(code);
    expect(refused.status === "error" && refused.error.errorCode).toBe("TEAM_INVITATION_EMAIL_MISMATCH");
    const strangerUser = await stranger.app.getUser({ or: "throw" });
    expect((await strangerUser.listTeams()).map((t) => t.id)).not.toContain(team.id);
    // The refusal did not use the code up.
    expect((await stranger.app.verifyTeamInvitationCode(code)).status).toBe("ok");

    const unknown = await stranger.app.verifyTeamInvitationCode("a".repeat(45));
    expect(unknown.status === "error" && unknown.error.errorCode).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("lets only members with $invite_members invite, and withdrawn invitations stop working", async () => {
    const { team, admin } = await teamWithInviter(dialect);
    const member = await signedIn(dialect, { verified: true });
    const serverTeam = await admin.getTeam(team.id);
    await serverTeam?.addUser(member.userId);
    // Members may invite by default; this one only reads members.
    const serverMember = await admin.getUser(member.userId);
    if (!serverTeam || !serverMember) throw new Error("team or member missing on the server side");
    await serverMember.revokePermission(serverTeam, "team_member");
    await serverMember.grantPermission(serverTeam, "$read_members");
    const memberTeam = await (await member.app.getUser({ or: "throw" })).getTeam(team.id);
    await expect(
      memberTeam?.inviteUser({ email: `nope-${randomUUID()}@example.com`, callbackUrl: callbackUrl() }),
    ).rejects.toMatchObject({ errorCode: "TEAM_PERMISSION_REQUIRED" });
    await expect(memberTeam?.listInvitations()).rejects.toMatchObject({ errorCode: "TEAM_PERMISSION_REQUIRED" });

    const outsider = await signedIn(dialect);
    expect(await (await outsider.app.getUser({ or: "throw" })).getTeam(team.id)).toBeNull();

    const email = `withdrawn-${randomUUID()}@example.com`;
    await team.inviteUser({ email, callbackUrl: callbackUrl() });
    const code = invitationCode((await waitForMail(mail.dir, email)).text);
    const [invitation] = await team.listInvitations();
    await invitation?.revoke();
    expect(await team.listInvitations()).toEqual([]);
    const invitee = await clientApp(server, { dialect });
    await signUp(invitee, email);
    const refused = await invitee.acceptTeamInvitation(code);
    expect(refused.status === "error" && refused.error.errorCode).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("lists invitations to the user's verified addresses, which they accept without the code", async () => {
    const { team } = await teamWithInviter(dialect);
    const invitee = await signedIn(dialect, { verified: true });
    await team.inviteUser({ email: invitee.email, callbackUrl: callbackUrl() });
    const user = await invitee.app.getUser({ or: "throw" });
    const received = await user.listTeamInvitations();
    expect(received.map((i) => [i.teamId, i.teamDisplayName, i.recipientEmail])).toEqual([
      [team.id, team.displayName, invitee.email],
    ]);
    await received[0]?.accept();
    expect((await user.listTeams()).map((t) => t.id)).toContain(team.id);
    expect(await user.listTeamInvitations()).toEqual([]);

    // Unverified addresses see nothing: anyone can add an address to their account.
    const unverified = await signedIn(dialect, { verified: false });
    await team.inviteUser({ email: unverified.email, callbackUrl: callbackUrl() });
    expect(await (await unverified.app.getUser({ or: "throw" })).listTeamInvitations()).toEqual([]);
  });
});
