import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { loadInternalProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, openInternalSignUp } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** Stack-compatible answers of issue 21: permission scopes, password/set, project transfer. */
let server: TestServer;
let keys: AppProjectKeys;
let internal: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", PROJECT_CREATION: "users" } });
  keys = await appProjectOf(server);
  await openInternalSignUp(server);
  internal = await loadInternalProjectKeys(server.store);
});
afterAll(async () => {
  await server?.close();
});

async function definePermission(scope: "team" | "project", id: string) {
  const res = await stackFetch(server, `/${scope}-permission-definitions`, { access: "admin", keys, body: { id } });
  expect(res.status).toBe(201);
}

describe("permission scopes", () => {
  it("answers WRONG_PERMISSION_SCOPE when a grant names a permission of the other scope", async () => {
    const teamPermission = `t-${randomUUID().slice(0, 8)}`;
    const projectPermission = `p-${randomUUID().slice(0, 8)}`;
    await definePermission("team", teamPermission);
    await definePermission("project", projectPermission);
    const user = await createTestUser(server);

    const asProject = await stackFetch(server, `/project-permissions/${user.userId}/${teamPermission}`, {
      access: "server",
      keys,
      body: {},
    });
    expect(asProject.status).toBe(404);
    expect(knownError(asProject)).toMatchObject({
      code: "WRONG_PERMISSION_SCOPE",
      details: { permission_id: teamPermission, expected_scope: "project", actual_scope: "team" },
    });

    const team = await stackFetch(server, "/teams", {
      access: "server",
      keys,
      body: { display_name: "Scopes", creator_user_id: user.userId },
    });
    const teamId = (team.body as { id: string }).id;
    const asTeam = await stackFetch(server, `/team-permissions/${teamId}/${user.userId}/${projectPermission}`, {
      access: "server",
      keys,
      body: {},
    });
    expect(knownError(asTeam)).toMatchObject({
      code: "WRONG_PERMISSION_SCOPE",
      details: { expected_scope: "team", actual_scope: "project" },
    });

    const unknown = await stackFetch(server, `/team-permissions/${teamId}/${user.userId}/nowhere`, {
      access: "server",
      keys,
      body: {},
    });
    expect(knownError(unknown).code).toBe("PERMISSION_NOT_FOUND");
  });
});

describe("password/set", () => {
  it("refuses a password while the project has password sign-in off", async () => {
    const user = await stackFetch(server, "/users", { access: "server", keys, body: {} });
    const userId = (user.body as { id: string }).id;
    const session = await stackFetch(server, "/auth/sessions", { access: "server", keys, body: { user_id: userId } });
    const accessToken = (session.body as { access_token: string }).access_token;
    const setConfig = (credential_enabled: boolean) =>
      stackFetch(server, "/internal/projects/current", {
        method: "PATCH",
        access: "admin",
        keys,
        body: { config: { credential_enabled } },
      });
    expect((await setConfig(false)).status).toBe(200);
    try {
      const refused = await stackFetch(server, "/auth/password/set", {
        access: "client",
        keys,
        accessToken,
        body: { password: "correct-horse-1" },
      });
      expect(refused.status).toBe(400);
      expect(knownError(refused).code).toBe("PASSWORD_AUTHENTICATION_NOT_ENABLED");
    } finally {
      expect((await setConfig(true)).status).toBe(200);
    }
    const allowed = await stackFetch(server, "/auth/password/set", {
      access: "client",
      keys,
      accessToken,
      body: { password: "correct-horse-1" },
    });
    expect(allowed.body).toEqual({ success: true });
  });
});

describe("project transfer", () => {
  /** A dashboard user of the internal project with a session. */
  async function dashboardUser() {
    const created = await stackFetch(server, "/users", {
      access: "server",
      keys: internal,
      body: { primary_email: `dash-${randomUUID()}@example.com` },
    });
    const userId = (created.body as { id: string }).id;
    const session = await stackFetch(server, "/auth/sessions", {
      access: "server",
      keys: internal,
      body: { user_id: userId },
    });
    return { userId, accessToken: (session.body as { access_token: string }).access_token };
  }
  async function team(creatorUserId: string) {
    const res = await stackFetch(server, "/teams", {
      access: "server",
      keys: internal,
      body: { display_name: "Owners", creator_user_id: creatorUserId },
    });
    expect(res.status).toBe(201);
    return (res.body as { id: string }).id;
  }
  const asUser = (accessToken: string, path: string, body?: unknown) =>
    stackFetch(server, path, { access: "client", keys: internal, accessToken, body });

  it("moves a project between teams of a team admin, and refuses non-admins and non-members", async () => {
    const owner = await dashboardUser();
    const first = await team(owner.userId);
    const second = await team(owner.userId);
    const project = await asUser(owner.accessToken, "/internal/projects", {
      display_name: "Transferred",
      owner_team_id: first,
    });
    expect(project.status).toBe(201);
    const projectId = (project.body as { id: string }).id;

    const moved = await asUser(owner.accessToken, "/internal/projects/transfer", {
      project_id: projectId,
      new_team_id: second,
    });
    expect(moved.body).toEqual({ success: "true" });
    const listed = await asUser(owner.accessToken, "/internal/projects");
    expect((listed.body as { items: { id: string; owner_team_id: string }[] }).items).toEqual([
      expect.objectContaining({ id: projectId, owner_team_id: second }),
    ]);

    // A plain member of the owning team may not move it.
    const member = await dashboardUser();
    const added = await stackFetch(server, `/team-memberships/${second}/${member.userId}`, {
      access: "server",
      keys: internal,
      body: {},
    });
    expect(added.status).toBe(201);
    const memberTeam = await team(member.userId);
    const notAdmin = await asUser(member.accessToken, "/internal/projects/transfer", {
      project_id: projectId,
      new_team_id: memberTeam,
    });
    expect(notAdmin.status).toBe(401);
    expect(knownError(notAdmin)).toMatchObject({
      code: "TEAM_PERMISSION_REQUIRED",
      details: { team_id: second, user_id: member.userId, permission_id: "team_admin" },
    });

    // The owner may not file it under a team they are not in.
    const notMember = await asUser(owner.accessToken, "/internal/projects/transfer", {
      project_id: projectId,
      new_team_id: memberTeam,
    });
    expect(notMember.status).toBe(404);
    expect(knownError(notMember).code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");

    // Only through the internal project.
    const elsewhere = await stackFetch(server, "/internal/projects/transfer", {
      access: "server",
      keys,
      body: { project_id: projectId, new_team_id: second },
    });
    expect(elsewhere.status).toBe(401);
    expect(knownError(elsewhere).code).toBe("EXPECTED_INTERNAL_PROJECT");
  });
});

describe("team invitations", () => {
  it("lets no anonymous user read or accept an invitation, and refuses listing by team and user at once", async () => {
    const owner = await createTestUser(server);
    const team = await stackFetch(server, "/teams", {
      access: "server",
      keys,
      body: { display_name: "Invites", creator_user_id: owner.userId },
    });
    const teamId = (team.body as { id: string }).id;
    const email = `invitee-${randomUUID()}@example.com`;
    const sent = await stackFetch(server, "/team-invitations/send-code", {
      access: "server",
      keys,
      body: { email, team_id: teamId, callback_url: `${server.url}/handler/team-invitation` },
    });
    expect(sent.status).toBe(200);
    // Without SMTP the mail waits in the outbox, with its link.
    const [mail] = await server.store.query<{ text: string }>(`select text from auth_mail_outbox where "to" = $1`, [
      email,
    ]);
    const code = /code=([a-z0-9]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(code).not.toBe("");

    const anonymous = await stackFetch(server, "/auth/anonymous/sign-up", { access: "client", keys, body: {} });
    const anonymousToken = (anonymous.body as { access_token: string }).access_token;
    for (const path of ["/team-invitations/accept/details", "/team-invitations/accept"]) {
      const refused = await stackFetch(server, path, {
        access: "client",
        keys,
        accessToken: anonymousToken,
        headers: { "x-stack-allow-anonymous-user": "true" },
        body: { code },
      });
      expect(refused.status).toBe(403);
      expect(knownError(refused)).toMatchObject({
        code: "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED",
        details: { restricted_reason: { type: "anonymous" } },
      });
    }

    const both = await stackFetch(server, `/team-invitations?team_id=${teamId}&user_id=${owner.userId}`, {
      access: "server",
      keys,
    });
    expect(both.status).toBe(400);
    expect(knownError(both).code).toBe("SCHEMA_ERROR");
  });
});
