import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminApp,
  appProjectOf,
  clientApp,
  createTestUser,
  DIALECTS,
  serverApp,
  serverHeaders,
} from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  const admin = await adminApp(server);
  await (await admin.getProject()).update({ config: { clientTeamCreationEnabled: true } });
});
afterAll(async () => {
  await server?.close();
});

async function signedIn(dialect: (typeof DIALECTS)[number]) {
  const user = await createTestUser(server);
  const app = await clientApp(server, { dialect, tokens: user });
  return { ...user, app, me: await app.getUser({ or: "throw" }) };
}

describe.each(DIALECTS)("teams and memberships with the %s dialect", (dialect) => {
  it("a client creates, selects, renames and deletes its own team as team_admin", async () => {
    const { me, app, email, password, userId } = await signedIn(dialect);
    const team = await me.createTeam({ displayName: "Research" });
    expect(team.displayName).toBe("Research");
    expect((await me.listTeams()).map((t) => t.id)).toEqual([team.id]);

    // The SDK selects a team it creates: the user and a token minted afterwards carry it.
    expect((await app.getUser({ or: "throw" })).selectedTeam?.id).toBe(team.id);
    const later = await clientApp(server, { dialect });
    await later.signInWithCredential({ email, password, noRedirect: true });
    const { accessToken } = await (await later.getUser({ or: "throw" })).getAuthJson();
    const claims = JSON.parse(Buffer.from(accessToken?.split(".")[1] ?? "", "base64url").toString());
    expect(claims.selected_team_id).toBe(team.id);

    await team.update({ displayName: "Research 2", clientMetadata: { color: "teal" } });
    const again = await me.getTeam(team.id);
    expect(again?.displayName).toBe("Research 2");
    expect(again?.clientMetadata).toEqual({ color: "teal" });

    // team_admin holds every team permission (Stack Auth's defaults), $delete_team included.
    expect(await me.hasPermission(team, "$update_team")).toBe(true);
    expect(await me.hasPermission(team, "$delete_team")).toBe(true);
    const sApp = await serverApp(server, { dialect });
    const serverMe = await sApp.getUser(userId);
    const serverTeam = await sApp.getTeam(team.id);
    if (!serverMe || !serverTeam) throw new Error("user or team missing on the server side");
    expect((await serverMe.listPermissions(serverTeam, { recursive: false })).map((p) => p.id)).toEqual(["team_admin"]);

    await team.delete();
    expect(await me.listTeams()).toEqual([]);
    expect((await app.getUser({ or: "throw" })).selectedTeam).toBeNull();
  });

  it("the server adds and removes members; a plain member can neither rename nor delete the team", async () => {
    const owner = await signedIn(dialect);
    const member = await signedIn(dialect);
    const sApp = await serverApp(server, { dialect });
    const team = await sApp.createTeam({ displayName: "Ops", creatorUserId: owner.userId });
    await team.update({ serverMetadata: { plan: "pro" }, clientReadOnlyMetadata: { seats: 3 } });

    await team.addUser(member.userId);
    const seen = await member.me.getTeam(team.id);
    expect(seen?.displayName).toBe("Ops");
    expect(seen?.clientReadOnlyMetadata).toEqual({ seats: 3 });
    expect(seen && "serverMetadata" in seen).toBe(false);

    await expect(seen?.update({ displayName: "Mine now" })).rejects.toMatchObject({
      errorCode: "TEAM_PERMISSION_REQUIRED",
    });
    await expect(seen?.delete()).rejects.toMatchObject({ errorCode: "TEAM_PERMISSION_REQUIRED" });
    expect((await sApp.getTeam(team.id))?.displayName).toBe("Ops");

    // Member profiles: everyone edits their own; team_member contains $read_members.
    const profile = await member.me.getTeamProfile(seen as never);
    await profile.update({ displayName: "Ops Member" });
    const listed = await seen?.listUsers();
    expect(listed?.map((u) => [u.id, u.teamProfile.displayName]).sort()).toEqual(
      [
        [owner.userId, null],
        [member.userId, "Ops Member"],
      ].sort(),
    );
    // GET /users?team_id= (the server SDK's interface sends it; its app method does not expose it).
    const filtered = await server.request(`/auth/api/v1/users?team_id=${team.id}`, {
      headers: serverHeaders(await appProjectOf(server)),
    });
    const filteredIds = ((await filtered.json()) as { items: { id: string }[] }).items.map((u) => u.id);
    expect(filteredIds.sort()).toEqual([owner.userId, member.userId].sort());
    const serverListed = await team.listUsers();
    expect(serverListed.map((u) => u.primaryEmail).sort()).toEqual([owner.email, member.email].sort());

    const serverMember = await sApp.getUser(member.userId);
    expect((await serverMember?.listTeams())?.map((t) => t.id)).toEqual([team.id]);

    await member.me.leaveTeam(team as never);
    expect(await member.me.listTeams()).toEqual([]);
    expect((await sApp.getTeam(team.id))?.serverMetadata).toEqual({ plan: "pro" });

    await team.delete();
    expect(await sApp.getTeam(team.id)).toBeNull();
  });

  it("a user cannot read a team of which they are not a member", async () => {
    const owner = await signedIn(dialect);
    const stranger = await signedIn(dialect);
    const team = await owner.me.createTeam({ displayName: "Private" });
    expect(await stranger.me.getTeam(team.id)).toBeNull();
    expect(await stranger.me.listTeams()).toEqual([]);
    await expect(stranger.me.update({ selectedTeamId: team.id })).rejects.toMatchObject({
      errorCode: "TEAM_MEMBERSHIP_NOT_FOUND",
    });
  });
});
