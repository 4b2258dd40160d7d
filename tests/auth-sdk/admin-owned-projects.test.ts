import { randomUUID } from "node:crypto";
import { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProjectOf, handlerUrls } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
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
