import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { TeamRole } from "../../server/contract/teams.ts";
import { type UserNotifyMessage, userNotifyMessageSchema } from "../../server/contract/ws.ts";
import { authServerCall, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

/** POST /teams/{teamId}/transfer: the owner hands the team to another member and becomes admin. */
let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let teamId: string;

const serverCall = (method: string, path: string, body?: unknown) => authServerCall(server, method, path, body);

async function roles(): Promise<Record<string, TeamRole | null>> {
  const members = await api<Array<{ userId: string; role: TeamRole | null }>>(
    server,
    admin.accessToken,
    "GET",
    `/teams/${teamId}/members`,
  );
  return Object.fromEntries(members.data.map((member) => [member.userId, member.role]));
}

const transfer = (caller: TestUser, userId: string, team = teamId) =>
  api(server, caller.accessToken, "POST", `/teams/${team}/transfer`, { userId });

beforeAll(async () => {
  server = await startTestServer({ env: { TEAM_RIGHTS_CACHE_MS: "0" } });
  [owner, admin, viewer, stranger] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

// A fresh team each time: a transfer changes who owns it.
beforeEach(async () => {
  teamId = String(
    (await serverCall("POST", "/teams", { display_name: `Crew ${randomUUID()}`, creator_user_id: owner.userId })).id,
  );
  for (const [user, role] of [
    [admin, "admin"],
    [viewer, "viewer"],
  ] as const) {
    await serverCall("POST", `/team-memberships/${teamId}/${user.userId}`, {});
    expect(
      (await api(server, owner.accessToken, "PUT", `/teams/${teamId}/members/${user.userId}/role`, { role })).status,
    ).toBe(200);
  }
});

describe("transfer of ownership", () => {
  it("the owner hands the team to a member, who becomes owner; the previous owner becomes admin", async () => {
    const answer = await transfer(owner, viewer.userId);
    expect([answer.status, answer.data]).toEqual([200, { owner: viewer.userId, previousOwner: owner.userId }]);
    expect(await roles()).toEqual({ [owner.userId]: "admin", [admin.userId]: "admin", [viewer.userId]: "owner" });
    // The previous owner is an admin now: no second transfer, and the new owner may hand it back.
    const again = await transfer(owner, admin.userId);
    expect([again.status, again.error?.code, again.error?.details]).toEqual([
      403,
      "TEAM_ROLE_REQUIRED",
      { role: "owner" },
    ]);
    expect((await transfer(viewer, owner.userId)).status).toBe(200);
    expect((await roles())[owner.userId]).toBe("owner");
  });

  it("refuses an admin, a viewer and a stranger, and changes nothing", async () => {
    for (const caller of [admin, viewer]) {
      const refused = await transfer(caller, caller.userId === admin.userId ? viewer.userId : admin.userId);
      expect([refused.status, refused.error?.code, refused.error?.details]).toEqual([
        403,
        "TEAM_ROLE_REQUIRED",
        { role: "owner" },
      ]);
    }
    for (const team of [teamId, randomUUID(), "not-a-uuid"]) {
      const refused = await transfer(stranger, stranger.userId, team);
      expect([refused.status, refused.error?.code]).toEqual([403, "NOT_A_TEAM_MEMBER"]);
    }
    expect(await roles()).toEqual({ [owner.userId]: "owner", [admin.userId]: "admin", [viewer.userId]: "viewer" });
  });

  it("refuses a target who is not a member, the owner themselves and a malformed body", async () => {
    for (const target of [stranger.userId, randomUUID(), "not-a-uuid"]) {
      const refused = await transfer(owner, target);
      expect([refused.status, refused.error?.code, refused.error?.details]).toEqual([
        400,
        "TRANSFER_TARGET_NOT_MEMBER",
        { userId: target },
      ]);
    }
    const self = await transfer(owner, owner.userId);
    expect([self.status, self.error?.code]).toEqual([400, "TRANSFER_TO_SELF"]);
    for (const body of [{}, { userId: "" }, { userId: viewer.userId, extra: 1 }]) {
      const bad = await api(server, owner.accessToken, "POST", `/teams/${teamId}/transfer`, body);
      expect([bad.status, bad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    }
    expect(await roles()).toEqual({ [owner.userId]: "owner", [admin.userId]: "admin", [viewer.userId]: "viewer" });
  });

  it("tells the members' open pages to read the team again", async () => {
    const cookie = `stack-access=${encodeURIComponent(JSON.stringify([admin.refreshToken, admin.accessToken]))}`;
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/api/v1/ws/user-notify`, { headers: { cookie } });
    const messages: UserNotifyMessage[] = [];
    const waiting: Array<{ match: (m: UserNotifyMessage) => boolean; resolve: (m: UserNotifyMessage) => void }> = [];
    ws.on("message", (data) => {
      const message = userNotifyMessageSchema.parse(JSON.parse(String(data)));
      messages.push(message);
      for (const w of waiting.filter((w) => w.match(message))) w.resolve(message);
    });
    const next = (match: (m: UserNotifyMessage) => boolean) =>
      new Promise<UserNotifyMessage>((resolve) => {
        const seen = messages.find(match);
        if (seen) resolve(seen);
        else waiting.push({ match, resolve });
      });
    try {
      await next((m) => m.type === "ready");
      expect((await transfer(owner, viewer.userId)).status).toBe(200);
      expect(await next((m) => m.type === "store" && m.store === "teams")).toEqual({
        type: "store",
        store: "teams",
        op: "refetch",
        teamId,
      });
    } finally {
      ws.close();
    }
  });
});
