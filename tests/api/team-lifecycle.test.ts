import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TeamActivityPage, teamActivityPageSchema } from "../../server/contract/team-activity.ts";
import type { MyTeam, TeamRole } from "../../server/contract/teams.ts";
import { adminApp, authServerCall, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

/**
 * The team's own life made through the console (POST /teams, PATCH and DELETE /teams/{id}, leave,
 * remove a member): passed on to the auth service as the caller, so its rules decide, and recorded
 * in the team's activity with the actor the access token proved (never one a body names).
 */
let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let developer: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let teamId: string;

const serverCall = (method: string, path: string, body?: unknown) => authServerCall(server, method, path, body);

async function activity(caller: TestUser): Promise<TeamActivityPage["entries"]> {
  const answer = await api(server, caller.accessToken, "GET", `/teams/${teamId}/activity`);
  expect([answer.status, answer.error]).toEqual([200, null]);
  return teamActivityPageSchema.parse(answer.data).entries;
}

const lifeOf = (entries: TeamActivityPage["entries"]) =>
  entries
    .filter((e) => e.action.startsWith("team.") || e.action === "member.left" || e.action === "member.removed")
    .map((e) => [e.action, e.actor.label, e.subject, e.detail]);

async function addMember(user: TestUser, role: TeamRole) {
  await serverCall("POST", `/team-memberships/${teamId}/${user.userId}`, {});
  const set = await api(server, owner.accessToken, "PUT", `/teams/${teamId}/members/${user.userId}/role`, { role });
  expect(set.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ env: { TEAM_RIGHTS_CACHE_MS: "0" } });
  const made = () => createTestUser(server, { verified: true });
  [owner, admin, developer, viewer, stranger] = await Promise.all([made(), made(), made(), made(), made()]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("a team's own life in its activity", () => {
  it("creates no team where the project lets no client create one (its default)", async () => {
    const refused = await api(server, owner.accessToken, "POST", "/teams", { displayName: "Crew" });
    expect([refused.status, refused.error?.code]).toEqual([403, "TEAM_CREATION_DISABLED"]);
    const admin = await adminApp(server);
    await (await admin.getProject()).update({ config: { clientTeamCreationEnabled: true } });
  });

  it("creates a team as the caller, who becomes its owner; a body cannot name another actor", async () => {
    const forged = await api(server, owner.accessToken, "POST", "/teams", {
      displayName: "Crew",
      actor: stranger.userId,
    });
    expect([forged.status, forged.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const empty = await api(server, owner.accessToken, "POST", "/teams", { displayName: "  " });
    expect([empty.status, empty.error?.code]).toEqual([400, "SCHEMA_ERROR"]);

    const made = await api<{ id: string; displayName: string }>(server, owner.accessToken, "POST", "/teams", {
      displayName: " Crew ",
    });
    expect([made.status, made.data.displayName]).toEqual([201, "Crew"]);
    teamId = made.data.id;
    const mine = await api<MyTeam[]>(server, owner.accessToken, "GET", "/teams");
    expect(mine.data).toContainEqual({ id: teamId, displayName: "Crew", role: "owner" });
    await addMember(admin, "admin");
    await addMember(developer, "developer");
    await addMember(viewer, "viewer");
    expect(lifeOf(await activity(viewer))).toEqual([["team.created", owner.email, "Crew", null]]);
  });

  it("renames with the auth service's rules: a viewer lacks $update_team, a stranger is no member", async () => {
    const byViewer = await api(server, viewer.accessToken, "PATCH", `/teams/${teamId}`, { displayName: "Mine" });
    expect([byViewer.status, byViewer.error?.code, byViewer.error?.details]).toEqual([
      403,
      "TEAM_PERMISSION_MISSING",
      { permission: "$update_team" },
    ]);
    for (const path of [`/teams/${teamId}`, `/teams/${randomUUID()}`, "/teams/not-a-team"]) {
      const byStranger = await api(server, stranger.accessToken, "PATCH", path, { displayName: "Mine" });
      expect([path, byStranger.status, byStranger.error?.code]).toEqual([path, 403, "NOT_A_TEAM_MEMBER"]);
    }
    const renamed = await api(server, admin.accessToken, "PATCH", `/teams/${teamId}`, { displayName: "Crew 2" });
    expect([renamed.status, renamed.data]).toEqual([200, { id: teamId, displayName: "Crew 2" }]);
    // The same name again changes nothing, and says nothing.
    expect((await api(server, admin.accessToken, "PATCH", `/teams/${teamId}`, { displayName: "Crew 2" })).status).toBe(
      200,
    );
    expect(lifeOf(await activity(developer))[0]).toEqual([
      "team.renamed",
      admin.email,
      "Crew 2",
      { previousName: "Crew" },
    ]);
    expect((await serverCall("GET", `/teams/${teamId}`)).display_name).toBe("Crew 2");
  });

  it("records a member removed by an admin and one who left, each with who did it", async () => {
    const byDeveloper = await api(server, developer.accessToken, "DELETE", `/teams/${teamId}/members/${viewer.userId}`);
    expect([byDeveloper.status, byDeveloper.error?.details]).toEqual([403, { role: "admin" }]);
    const ownerByAdmin = await api(server, admin.accessToken, "DELETE", `/teams/${teamId}/members/${owner.userId}`);
    expect([ownerByAdmin.status, ownerByAdmin.error?.details]).toEqual([403, { role: "owner" }]);
    const notThere = await api(server, admin.accessToken, "DELETE", `/teams/${teamId}/members/${stranger.userId}`);
    expect([notThere.status, notThere.error?.code]).toEqual([403, "NOT_A_TEAM_MEMBER"]);

    const removed = await api(server, admin.accessToken, "DELETE", `/teams/${teamId}/members/${viewer.userId}`);
    expect(removed.status).toBe(200);
    const left = await api(server, developer.accessToken, "POST", `/teams/${teamId}/leave`);
    expect(left.status).toBe(200);
    for (const gone of [viewer, developer]) {
      const teams = await api<MyTeam[]>(server, gone.accessToken, "GET", "/teams");
      expect(teams.data.map((team) => team.id)).not.toContain(teamId);
      const refused = await api(server, gone.accessToken, "GET", `/teams/${teamId}/activity`);
      expect(refused.error?.code).toBe("NOT_A_TEAM_MEMBER");
    }
    expect(lifeOf(await activity(owner)).slice(0, 2)).toEqual([
      ["member.left", developer.email, developer.email, null],
      ["member.removed", admin.email, viewer.email, { userId: viewer.userId }],
    ]);
    const again = await api(server, developer.accessToken, "POST", `/teams/${teamId}/leave`);
    expect([again.status, again.error?.code]).toEqual([403, "NOT_A_TEAM_MEMBER"]);
  });

  it("deletes with $delete_team only, and keeps the deletion with its actor in the team's log", async () => {
    const byStranger = await api(server, stranger.accessToken, "DELETE", `/teams/${teamId}`);
    expect([byStranger.status, byStranger.error?.code]).toEqual([403, "NOT_A_TEAM_MEMBER"]);
    const deleted = await api(server, owner.accessToken, "DELETE", `/teams/${teamId}`);
    expect([deleted.status, deleted.data]).toEqual([200, { id: teamId, deleted: true }]);
    const teams = await api<MyTeam[]>(server, owner.accessToken, "GET", "/teams");
    expect(teams.data.map((team) => team.id)).not.toContain(teamId);
    // No member is left to read the team's activity; the store keeps who deleted it.
    const rows = await server.store.query<{ action: string; actor_id: string; actor_label: string; subject: string }>(
      "select action, actor_id, actor_label, subject from team_activity_events where team_id = $1 and action = 'team.deleted'",
      [teamId],
    );
    expect(rows).toEqual([
      { action: "team.deleted", actor_id: owner.userId, actor_label: owner.email, subject: "Crew 2" },
    ]);
  });
});
