import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch, statusErrorText } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** Errors of the teams endpoints that the recording does not cover, with the default config. */
let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

async function serverTeam(creatorUserId: string): Promise<string> {
  const res = await stackFetch(server, "/teams", {
    access: "server",
    keys,
    body: { display_name: "Errors", creator_user_id: creatorUserId },
  });
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
}

describe("teams errors", () => {
  it("refuses client team creation while the project does not allow it", async () => {
    const user = await createTestUser(server);
    const res = await stackFetch(server, "/teams", {
      access: "client",
      keys,
      accessToken: user.accessToken,
      body: { display_name: "Nope", creator_user_id: "me" },
    });
    expect(res.status).toBe(403);
    expect(statusErrorText(res)).toBe("Client team creation is disabled for this project");
  });

  it("answers SCHEMA_ERROR for a bad body and TEAM_NOT_FOUND for an id that is no uuid", async () => {
    const empty = await stackFetch(server, "/teams", { access: "server", keys, body: { display_name: "" } });
    expect(empty.status).toBe(400);
    expect(knownError(empty).code).toBe("SCHEMA_ERROR");
    const unknownField = await stackFetch(server, "/teams", {
      access: "server",
      keys,
      body: { display_name: "x", owner: "me" },
    });
    expect(knownError(unknownField).code).toBe("SCHEMA_ERROR");
    const notUuid = await stackFetch(server, "/teams/not-a-team", { access: "server", keys });
    expect(notUuid.status).toBe(404);
    expect(knownError(notUuid).code).toBe("TEAM_NOT_FOUND");
  });

  it("a client cannot set server metadata, even as the team's admin", async () => {
    const owner = await createTestUser(server);
    const teamId = await serverTeam(owner.userId);
    const res = await stackFetch(server, `/teams/${teamId}`, {
      method: "PATCH",
      access: "client",
      keys,
      accessToken: owner.accessToken,
      body: { server_metadata: { plan: "free" } },
    });
    expect(knownError(res).code).toBe("SCHEMA_ERROR");
  });

  it("a plain member cannot remove another member; the admin can", async () => {
    const owner = await createTestUser(server);
    const member = await createTestUser(server);
    const other = await createTestUser(server);
    const teamId = await serverTeam(owner.userId);
    for (const u of [member, other]) {
      const add = await stackFetch(server, `/team-memberships/${teamId}/${u.userId}`, {
        access: "server",
        keys,
        body: {},
      });
      expect(add.status).toBe(201);
    }
    const byMember = await stackFetch(server, `/team-memberships/${teamId}/${other.userId}`, {
      method: "DELETE",
      access: "client",
      keys,
      accessToken: member.accessToken,
    });
    expect(byMember.status).toBe(401);
    expect(knownError(byMember).details).toEqual({
      team_id: teamId,
      user_id: member.userId,
      permission_id: "$remove_members",
    });
    const byOwner = await stackFetch(server, `/team-memberships/${teamId}/${other.userId}`, {
      method: "DELETE",
      access: "client",
      keys,
      accessToken: owner.accessToken,
    });
    expect(byOwner.status).toBe(200);
    const list = await stackFetch(server, `/teams?user_id=${other.userId}`, { access: "server", keys });
    expect((list.body as { items: unknown[] }).items).toEqual([]);
  });

  it("member profiles: others' need $read_members, only one's own can be edited, strangers see nothing", async () => {
    const owner = await createTestUser(server);
    const member = await createTestUser(server);
    const stranger = await createTestUser(server);
    const teamId = await serverTeam(owner.userId);
    await stackFetch(server, `/team-memberships/${teamId}/${member.userId}`, { access: "server", keys, body: {} });
    const revoke = await stackFetch(server, `/team-permissions/${teamId}/${member.userId}/team_member`, {
      method: "DELETE",
      access: "server",
      keys,
    });
    expect(revoke.status).toBe(200);
    const asMember = { access: "client" as const, keys, accessToken: member.accessToken };
    const list = await stackFetch(server, `/team-member-profiles?team_id=${teamId}`, asMember);
    expect(list.status).toBe(401);
    expect(knownError(list).details?.permission_id).toBe("$read_members");
    const own = await stackFetch(server, `/team-member-profiles/${teamId}/me`, asMember);
    expect(own.status).toBe(200);
    const ownerProfile = await stackFetch(server, `/team-member-profiles/${teamId}/${owner.userId}`, {
      ...asMember,
      method: "PATCH",
      body: { display_name: "Hijacked" },
    });
    expect(ownerProfile.status).toBe(401);
    const byOwner = await stackFetch(server, `/team-member-profiles/${teamId}/${member.userId}`, {
      access: "client",
      keys,
      accessToken: owner.accessToken,
      method: "PATCH",
      body: { display_name: "Renamed by owner" },
    });
    expect(byOwner.status).toBe(403);
    const byStranger = await stackFetch(server, `/team-member-profiles?team_id=${teamId}`, {
      access: "client",
      keys,
      accessToken: stranger.accessToken,
    });
    expect(knownError(byStranger).code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
  });

  it("a client cannot list another user's teams", async () => {
    const me = await createTestUser(server);
    const someone = await createTestUser(server);
    const res = await stackFetch(server, `/teams?user_id=${someone.userId}`, {
      access: "client",
      keys,
      accessToken: me.accessToken,
    });
    expect(res.status).toBe(403);
  });
});
