import { randomUUID } from "node:crypto";
import { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProjectOf, handlerUrls, openInternalSignUp } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", PROJECT_CREATION: "users" } });
  await openInternalSignUp(server);
});
afterAll(async () => {
  await server?.close();
});

/** A dashboard user: signed up in the `internal` project, as Stack's dashboard signs its users in. */
async function dashboardOwner() {
  const app = new StackClientApp({
    projectId: "internal",
    baseUrl: `${server.url}/auth`,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    urls: handlerUrls(server),
  });
  const result = await app.signUpWithCredential({
    email: `owner-${randomUUID()}@example.com`,
    password: "correct-horse-1",
    noRedirect: true,
    verificationCallbackUrl: `${server.url}/handler/email-verification`,
  });
  expect(result.status).toBe("ok");
  return app;
}

async function accessTokenOf(app: Awaited<ReturnType<typeof dashboardOwner>>): Promise<string> {
  const user = await app.getUser({ or: "throw" });
  const { accessToken } = await user.currentSession.getTokens();
  if (!accessToken) throw new Error("no access token");
  return accessToken;
}

/** An admin request to `projectId` authorised by a dashboard user's access token. */
function withAdminToken(
  projectId: string,
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return stackFetch(server, path, {
    ...init,
    headers: {
      "x-stack-access-type": "admin",
      "x-stack-project-id": projectId,
      "x-stack-admin-access-token": token,
    },
  });
}

describe("owned projects through the internal project", () => {
  it("creates and lists owned projects, administers them with the owner's token only, and deletes them", async () => {
    const owner = await dashboardOwner();
    const user = await owner.getUser({ or: "throw" });
    // Ownership is by the creating user; the team id is kept as given (teams are built elsewhere).
    const created = await user.createProject({ displayName: "Owned One", teamId: randomUUID() });
    expect(created.displayName).toBe("Owned One");
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

    // The SDK's admin app for the owned project authenticates with the owner's admin access token.
    const project = await created.app.getProject();
    expect(project.displayName).toBe("Owned One");
    await created.update({ displayName: "Owned Renamed", config: { signUpEnabled: false } });
    expect((await created.app.getProject()).config.signUpEnabled).toBe(false);
    const key = await created.app.createInternalApiKey({
      description: "for the app",
      expiresAt: new Date(Date.now() + 86_400_000),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expect(key.secretServerKey).toMatch(/^ssk_/);

    const owned = await user.listOwnedProjects();
    expect(owned.map((p) => [p.id, p.displayName])).toEqual([[created.id, "Owned Renamed"]]);

    // Another dashboard user sees none of it and cannot administer it.
    const other = await dashboardOwner();
    expect(await (await other.getUser({ or: "throw" })).listOwnedProjects()).toEqual([]);
    const refused = await withAdminToken(created.id, await accessTokenOf(other), "/internal/projects/current");
    expect(refused.status).toBe(401);
    expect(knownError(refused).code).toBe("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
    const notDeleted = await withAdminToken(created.id, await accessTokenOf(other), "/internal/projects/current", {
      method: "DELETE",
    });
    expect(notDeleted.status).toBe(401);

    // Nor does the owner's token reach the instance's own project.
    const appProject = await appProjectOf(server);
    const notTheirs = await withAdminToken(
      appProject.projectId,
      await accessTokenOf(owner),
      "/internal/projects/current",
    );
    expect(knownError(notTheirs).code).toBe("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");

    // Things that only name the project go with it too.
    const ownerToken = await accessTokenOf(owner);
    const template = await withAdminToken(created.id, ownerToken, "/email-templates/password_reset", {
      method: "PATCH",
      body: { subject: "Owned reset" },
    });
    expect(template.status).toBe(200);
    const hook = await withAdminToken(created.id, ownerToken, "/internal/webhooks/endpoints", {
      body: { url: "http://127.0.0.1:9/hook" },
    });
    expect(hook.status).toBe(201);

    await created.delete();
    const leftovers = await server.store.query(
      "select (select count(*) from auth_email_templates where project_id = $1)::int as templates, (select count(*) from auth_webhook_endpoints where project_id = $1)::int as hooks",
      [created.id],
    );
    expect(leftovers[0]).toEqual({ templates: 0, hooks: 0 });
    expect(await user.listOwnedProjects()).toEqual([]);
    const gone = await withAdminToken(created.id, await accessTokenOf(owner), "/internal/projects/current");
    expect(gone.status).toBe(400);
    expect(knownError(gone).code).toBe("CURRENT_PROJECT_NOT_FOUND");
  });

  it("keeps description, logos and the owner team; refuses non-http domains and listing from another project", async () => {
    const owner = await dashboardOwner();
    const token = await accessTokenOf(owner);
    const teamId = randomUUID();
    // 1x1 PNG: a data URL is kept as an image of the project and answered as this server's URL.
    const png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAAD0lEQVR4AQEEAPv/ALHBwQRaAjRgT7lCAAAAAElFTkSuQmCC";
    const created = await stackFetch(server, "/internal/projects", {
      body: { display_name: "Described", description: "For the shop", owner_team_id: teamId, logo_url: png },
      headers: {
        "x-stack-access-type": "client",
        "x-stack-project-id": "internal",
        "x-stack-access-token": token,
      },
    });
    expect(created.status).toBe(201);
    const body = created.body as { id: string; description: string; owner_team_id: string; logo_url: string };
    expect(body).toMatchObject({ description: "For the shop", owner_team_id: teamId });
    expect(body.logo_url).toMatch(new RegExp(`/auth/api/v1/images/${body.id}/[0-9a-f-]{36}\\.png$`));
    const logo = await server.request(new URL(body.logo_url).pathname);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");

    const current = await withAdminToken(body.id, token, "/internal/projects/current");
    expect(current.body).toMatchObject({ description: "For the shop", owner_team_id: teamId });
    const patched = await withAdminToken(body.id, token, "/internal/projects/current", {
      method: "PATCH",
      body: { description: "Renamed shop", logo_url: null, logo_full_url: "https://cdn.example.com/full.png" },
    });
    expect(patched.body).toMatchObject({
      description: "Renamed shop",
      logo_url: null,
      logo_full_url: "https://cdn.example.com/full.png",
      owner_team_id: teamId,
    });

    const badDomain = await withAdminToken(body.id, token, "/internal/projects/current", {
      method: "PATCH",
      body: { config: { domains: [{ domain: "whatever://shop.example.com", handler_path: "/handler" }] } },
    });
    expect(badDomain.status).toBe(400);
    expect(knownError(badDomain).error).toContain("\n  - URL must start with http:// or https://");

    // Owned projects are listed through the internal project only.
    const elsewhere = await withAdminToken(body.id, token, "/internal/projects");
    expect(elsewhere.status).toBe(401);
    expect(knownError(elsewhere).code).toBe("EXPECTED_INTERNAL_PROJECT");
  });

  it("lets the owner's token stand in for the server key (the SDK's admin app creates users with it)", async () => {
    const owner = await dashboardOwner();
    const created = await (await owner.getUser({ or: "throw" })).createProject({
      displayName: "Server Calls",
      teamId: randomUUID(),
    });
    // StackAdminApp sends its server calls as access type `server` with the owner's admin access token.
    const made = await created.app.createUser({ primaryEmail: `made-${randomUUID()}@example.com` });
    expect((await created.app.listUsers()).map((u) => u.id)).toContain(made.id);

    const asServer = (token: string) =>
      stackFetch(server, "/users", {
        headers: {
          "x-stack-access-type": "server",
          "x-stack-project-id": created.id,
          "x-stack-admin-access-token": token,
        },
      });
    expect((await asServer(await accessTokenOf(owner))).status).toBe(200);
    const stranger = await asServer(await accessTokenOf(await dashboardOwner()));
    expect(stranger.status).toBe(401);
    expect(knownError(stranger).code).toBe("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
    const garbage = await asServer("not-a-token");
    expect(garbage.status).toBe(401);
    expect(knownError(garbage).code).toBe("UNPARSABLE_ADMIN_ACCESS_TOKEN");
  });

  it("requires a signed-in user, validates the project, and never deletes the instance's own project", async () => {
    const anonymous = await stackFetch(server, "/internal/projects", {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": "internal" },
    });
    expect(anonymous.status).toBe(401);
    expect(knownError(anonymous).code).toBe("USER_AUTHENTICATION_REQUIRED");

    const owner = await dashboardOwner();
    const token = await accessTokenOf(owner);
    const bad = await stackFetch(server, "/internal/projects", {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": "internal", "x-stack-access-token": token },
      body: { display_name: "", config: { no_such_setting: true } },
    });
    expect(bad.status).toBe(400);
    expect(knownError(bad).code).toBe("SCHEMA_ERROR");

    const production = await stackFetch(server, "/internal/projects", {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": "internal", "x-stack-access-token": token },
      body: {
        display_name: "Prod",
        is_production_mode: true,
        config: { domains: [{ domain: "http://localhost:3000", handler_path: "/handler" }] },
      },
    });
    expect(production.status).toBe(400);

    const keys = await appProjectOf(server);
    const own = await stackFetch(server, "/internal/projects/current", { method: "DELETE", access: "admin", keys });
    expect(own.status).toBe(400);
    expect((await stackFetch(server, "/internal/projects/current", { access: "admin", keys })).status).toBe(200);
  });
});
