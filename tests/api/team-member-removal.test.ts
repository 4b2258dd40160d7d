import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authServerCall, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

// DELETE /teams/{teamId}/members/{userId}: a team admin removes a member from the console's team
// page. The removal reaches the member's next request, is recorded in the team's activity with the
// remover, and follows the role rules (an owner only by an owner, never the last one, nobody
// removes themselves).

let server: TestServer;
const users = {} as Record<"owner" | "admin" | "developer" | "viewer" | "stranger" | "secondOwner", TestUser>;
let teamId: string;
let teamAppId: string;

const serverCall = (method: string, path: string, body?: unknown) => authServerCall(server, method, path, body);
const remove = (caller: TestUser, userId: string, team = teamId) =>
  api(server, caller.accessToken, "DELETE", `/teams/${team}/members/${userId}`);

beforeAll(async () => {
  server = await startTestServer();
  const names = ["owner", "admin", "developer", "viewer", "stranger", "secondOwner"] as const;
  const made = await Promise.all(names.map(() => createTestUser(server, { verified: true })));
  names.forEach((name, i) => {
    users[name] = made[i] as TestUser;
  });
  const team = await serverCall("POST", "/teams", { display_name: "Crew", creator_user_id: users.owner.userId });
  teamId = String(team.id);
  for (const [name, role] of [
    ["admin", "admin"],
    ["developer", "developer"],
    ["viewer", "viewer"],
    ["secondOwner", "owner"],
  ] as const) {
    await serverCall("POST", `/team-memberships/${teamId}/${users[name].userId}`, {});
    const set = await api(
      server,
      users.owner.accessToken,
      "PUT",
      `/teams/${teamId}/members/${users[name].userId}/role`,
      {
        role,
      },
    );
    expect(set.status, set.text).toBe(200);
  }
  const app = await api<{ id: string }>(server, users.owner.accessToken, "POST", "/apps", {
    title: "Team app",
    team_id: teamId,
  });
  teamAppId = app.data.id;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe("DELETE /teams/{teamId}/members/{userId}", () => {
  it("refuses callers below admin, strangers and malformed ids", async () => {
    for (const caller of [users.developer, users.viewer]) {
      const answer = await remove(caller, users.admin.userId);
      expect([answer.status, answer.error?.code, answer.error?.details]).toEqual([
        403,
        "TEAM_ROLE_REQUIRED",
        { role: "admin" },
      ]);
    }
    expect((await remove(users.stranger, users.viewer.userId)).error?.code).toBe("NOT_A_TEAM_MEMBER");
    expect((await remove(users.owner, users.viewer.userId, "not-a-uuid")).error?.code).toBe("NOT_A_TEAM_MEMBER");
    expect((await api(server, null, "DELETE", `/teams/${teamId}/members/${users.viewer.userId}`)).status).toBe(401);
  });

  it("names a target who is not a member, and sends a caller to Leave team for themselves", async () => {
    const notMember = await remove(users.admin, users.stranger.userId);
    expect([notMember.status, notMember.error?.code]).toEqual([403, "NOT_A_TEAM_MEMBER"]);
    expect((await remove(users.admin, "x")).error?.code).toBe("NOT_A_TEAM_MEMBER");
    const self = await remove(users.admin, users.admin.userId);
    expect([self.status, self.error?.code]).toEqual([400, "TEAM_REMOVE_SELF"]);
  });

  it("leaves owners to owners", async () => {
    const answer = await remove(users.admin, users.secondOwner.userId);
    expect([answer.status, answer.error?.code, answer.error?.details]).toEqual([
      403,
      "TEAM_ROLE_REQUIRED",
      { role: "owner" },
    ]);
  });

  it("removes a member: their next request finds nothing, and the activity names who did it", async () => {
    const before = await api(server, users.developer.accessToken, "GET", `/apps/${teamAppId}/secrets`);
    expect(before.status).toBe(200);

    const answer = await remove(users.admin, users.developer.userId);
    expect([answer.status, answer.data]).toEqual([200, { userId: users.developer.userId, removed: true }]);

    // The same answer as an app that does not exist, at once on this instance.
    const after = await api(server, users.developer.accessToken, "GET", `/apps/${teamAppId}/secrets`);
    expect([after.status, after.error?.code]).toEqual([404, "APP_NOT_FOUND"]);
    const teams = await api<Array<{ id: string }>>(server, users.developer.accessToken, "GET", "/teams");
    expect(teams.data.map((t) => t.id)).not.toContain(teamId);
    const members = await api<Array<{ userId: string }>>(
      server,
      users.owner.accessToken,
      "GET",
      `/teams/${teamId}/members`,
    );
    expect(members.data.map((m) => m.userId)).not.toContain(users.developer.userId);

    const activity = await api<{
      entries: Array<{ action: string; subject: string | null; actor: { label: string } }>;
    }>(server, users.owner.accessToken, "GET", `/teams/${teamId}/activity?action=member.removed`);
    expect(activity.status, activity.text).toBe(200);
    expect(activity.data.entries).toEqual([
      expect.objectContaining({
        action: "member.removed",
        subject: users.developer.email,
        actor: expect.objectContaining({ label: users.admin.email }),
      }),
    ]);

    // A removed member removes nobody.
    expect((await remove(users.developer, users.viewer.userId)).error?.code).toBe("NOT_A_TEAM_MEMBER");
    // Removed already: the second try names the target as no member.
    expect((await remove(users.admin, users.developer.userId)).error?.code).toBe("NOT_A_TEAM_MEMBER");
  });

  it("lets an owner remove another owner, but never the last one", async () => {
    expect((await remove(users.owner, users.secondOwner.userId)).status).toBe(200);
    // The only owner left cannot be removed by anyone: an admin may not, and the owner is the caller.
    expect((await remove(users.admin, users.owner.userId)).error?.code).toBe("TEAM_ROLE_REQUIRED");
    expect((await remove(users.owner, users.owner.userId)).error?.code).toBe("TEAM_REMOVE_SELF");
  });
});
