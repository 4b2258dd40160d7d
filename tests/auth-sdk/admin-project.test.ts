import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProjectConfig, seedProjects } from "../../server/auth/stores/projects.ts";
import { loadConfig } from "../../server/config.ts";
import { authProjectsTable } from "../../server/db/schema/index.ts";
import { adminApp, appProjectOf, clientApp, serverHeaders } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

describe("project administration with StackAdminApp", () => {
  it("reads the whole config of the app project", async () => {
    const project = await (await adminApp(server)).getProject();
    expect(project.displayName).toBe("App Console");
    expect(project.isProductionMode).toBe(false);
    expect(project.config.signUpEnabled).toBe(true);
    expect(project.config.oauthProviders.map((p) => [p.id, p.type])).toEqual([
      ["github", "shared"],
      ["google", "shared"],
    ]);
    expect(project.config.teamCreatorDefaultPermissions).toEqual([{ id: "team_admin" }]);
    expect(project.config.oauthAccountMergeStrategy).toBe("link_method");
  });

  it("changes settings; the client view follows at once and a restart's seeding keeps them", async () => {
    const admin = await adminApp(server);
    const project = await admin.getProject();
    await project.update({
      displayName: "Renamed Console",
      config: {
        signUpEnabled: false,
        clientTeamCreationEnabled: true,
        allowUserApiKeys: true,
        oauthAccountMergeStrategy: "raise_error",
        userDefaultPermissions: [{ id: "reader" }],
        domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }],
        oauthProviders: [
          { id: "github", type: "standard", clientId: "gh-client", clientSecret: "gh-secret-value" },
          { id: "google", type: "shared" },
        ],
      },
    });
    const again = await admin.getProject();
    expect(again.displayName).toBe("Renamed Console");
    expect(again.config.signUpEnabled).toBe(false);
    expect(again.config.oauthAccountMergeStrategy).toBe("raise_error");
    expect(again.config.userDefaultPermissions).toEqual([{ id: "reader" }]);
    expect(again.config.domains).toEqual([{ domain: "https://app.example.com", handlerPath: "/handler" }]);
    const github = again.config.oauthProviders.find((p) => p.id === "github");
    expect(github?.type).toBe("standard");

    // The secret is stored but never echoed; sending the mask back (what a form round-trip does) keeps it.
    await again.update({ config: { oauthProviders: again.config.oauthProviders } });
    const [stored] = await server.store.db.select().from(authProjectsTable).where(eq(authProjectsTable.id, again.id));
    const storedGithub = (stored?.config as ProjectConfig | undefined)?.oauth_providers.find((p) => p.id === "github");
    // Kept sealed at rest (project-credentials.test.ts opens it).
    expect(storedGithub?.client_secret).toMatch(/^sealed:v1\./);
    expect(JSON.stringify(stored?.config)).not.toContain("gh-secret-value");
    const raw = await server.request("/auth/api/v1/internal/projects/current", {
      headers: { ...adminHeaders(await appProjectOf(server)) },
    });
    expect(await raw.text()).not.toContain("gh-secret-value");

    const client = await clientApp(server);
    expect((await client.getProject()).config.signUpEnabled).toBe(false);
    await expect(
      client.signUpWithCredential({
        email: "nobody@example.com",
        password: "correct-horse-1",
        noRedirect: true,
        verificationCallbackUrl: `${server.url}/handler/email-verification`,
      }),
    ).rejects.toThrow(/not enabled/);

    // What the next start does: seeding must keep the admin's changes.
    await seedProjects(server.store, loadConfig(server.env));
    const afterSeed = await server.request("/auth/api/v1/internal/projects/current", {
      headers: adminHeaders(await appProjectOf(server)),
    });
    const body = (await afterSeed.json()) as { display_name: string; config: { sign_up_enabled: boolean } };
    expect(body.display_name).toBe("Renamed Console");
    expect(body.config.sign_up_enabled).toBe(false);

    await project.update({ displayName: "App Console", config: { signUpEnabled: true, domains: [] } });
  });

  it("refuses a standard provider without client id and secret, and unknown settings", async () => {
    const headers = adminHeaders(await appProjectOf(server));
    const missing = await server.request("/auth/api/v1/internal/projects/current", {
      method: "PATCH",
      headers,
      body: JSON.stringify({ config: { oauth_providers: [{ id: "github", type: "standard" }] } }),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { code: string }).code).toBe("SCHEMA_ERROR");
    const unknown = await server.request("/auth/api/v1/internal/projects/current", {
      method: "PATCH",
      headers,
      body: JSON.stringify({ config: { sign_up_enabled: "yes" } }),
    });
    expect(unknown.status).toBe(400);
  });

  it("in production mode refuses localhost and plain-HTTP domains", async () => {
    const project = await (await adminApp(server)).getProject();
    for (const domain of ["http://localhost:3000", "http://app.example.com", "https://127.0.0.1"]) {
      await expect(
        project.update({ isProductionMode: true, config: { domains: [{ domain, handlerPath: "/handler" }] } }),
      ).rejects.toThrow(/production mode/);
    }
    await project.update({
      isProductionMode: true,
      config: { domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }] },
    });
    expect((await (await adminApp(server)).getProject()).isProductionMode).toBe(true);
    // Turning production on while a localhost domain is stored is refused too.
    await project.update({
      isProductionMode: false,
      config: { domains: [{ domain: "http://localhost:3000", handlerPath: "/handler" }] },
    });
    await expect(project.update({ isProductionMode: true })).rejects.toThrow(/must not be localhost|must use HTTPS/);
    await project.update({ config: { domains: [] } });
  });

  it("answers the server key with INSUFFICIENT_ACCESS_TYPE", async () => {
    const keys = await appProjectOf(server);
    const res = await server.request("/auth/api/v1/internal/projects/current", {
      method: "PATCH",
      headers: serverHeaders(keys),
      body: JSON.stringify({ display_name: "nope" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-stack-known-error")).toBe("INSUFFICIENT_ACCESS_TYPE");
  });

  it("check-feature-support answers the feature's text (the SDK throws it)", async () => {
    const keys = await appProjectOf(server);
    const res = await server.request("/auth/api/v1/check-feature-support", {
      method: "POST",
      headers: {
        ...serverHeaders(keys),
        "x-stack-access-type": "client",
        "x-stack-publishable-client-key": keys.publishableClientKey,
      },
      body: JSON.stringify({ feature_name: "wire-feature" }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      "wire-feature is not yet supported. Please reach out to Stack support for more information.",
    );
  });
});

function adminHeaders(keys: Awaited<ReturnType<typeof appProjectOf>>): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-stack-access-type": "admin",
    "x-stack-project-id": keys.projectId,
    "x-stack-super-secret-admin-key": keys.superSecretAdminKey,
  };
}
