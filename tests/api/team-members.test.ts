import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authServerCall, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let teamId: string;

const serverCall = (method: string, path: string, body?: unknown) => authServerCall(server, method, path, body);

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, stranger] = await Promise.all([
    createTestUser(server, { verified: true, displayName: "Owner Olga" }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  // The creator gets team_admin, an added member team_member: both hold $read_members by default.
  const team = await serverCall("POST", "/teams", { display_name: "Crew", creator_user_id: owner.userId });
  teamId = String(team.id);
  await serverCall("POST", `/team-memberships/${teamId}/${member.userId}`, {});
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("GET /teams/{teamId}/members", () => {
  it("lists every member with their name, else their e-mail, to members holding $read_members", async () => {
    for (const caller of [owner, member]) {
      const answer = await api<Array<{ userId: string; displayName: string | null; email: string }>>(
        server,
        caller.accessToken,
        "GET",
        `/teams/${teamId}/members`,
      );
      expect(answer.status).toBe(200);
      const byId = new Map(answer.data.map((m) => [m.userId, m]));
      expect(byId.get(owner.userId)).toEqual({
        userId: owner.userId,
        displayName: "Owner Olga",
        email: owner.email,
        role: "owner",
      });
      expect(byId.get(member.userId)).toEqual({
        userId: member.userId,
        displayName: null,
        email: member.email,
        role: "viewer",
      });
      expect(answer.data).toHaveLength(2);
    }
  });

  it("tells a stranger, an unknown team and a malformed id the same: not readable", async () => {
    for (const path of [`/teams/${teamId}/members`, `/teams/${crypto.randomUUID()}/members`, "/teams/x/members"]) {
      const answer = await api(server, stranger.accessToken, "GET", path);
      expect([answer.status, answer.error?.code]).toEqual([403, "TEAM_MEMBERS_NOT_READABLE"]);
    }
  });

  it("stops reading once $read_members is taken away", async () => {
    await serverCall("DELETE", `/team-permissions/${teamId}/${member.userId}/team_member`);
    const answer = await api(server, member.accessToken, "GET", `/teams/${teamId}/members`);
    expect(answer.error?.code).toBe("TEAM_MEMBERS_NOT_READABLE");
  });

  it("asks signed-out callers to sign in", async () => {
    const answer = await api(server, null, "GET", `/teams/${teamId}/members`);
    expect([answer.status, answer.error?.code]).toEqual([401, "UNAUTHENTICATED"]);
  });
});
