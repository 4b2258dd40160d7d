import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppProjectKeys,
  INTERNAL_PROJECT_ID,
  loadInternalProjectKeys,
  seedProjects,
  withDefaults,
} from "../../server/auth/stores/projects.ts";
import { loadConfig } from "../../server/config.ts";
import { authProjectsTable } from "../../server/db/schema/index.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The client view of a project (GET /projects/current), as Stack's projects.test.ts "gets current
 * project (internal)" reads it: no console address among `domains`, the providers in Stack's order.
 * The console's own origin (PUBLIC_URL) is trusted without being listed.
 */
const CONSOLE = "http://localhost:3999";
let server: TestServer;
let internal: AppProjectKeys;
let app: AppProjectKeys;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      AUTH_RATE_LIMITS: "false",
      PUBLIC_URL: CONSOLE,
      // The shared providers count as offered (as with the harness); nothing here signs in through them.
      OAUTH_MOCK_URL: "http://127.0.0.1:9",
    },
  });
  internal = await loadInternalProjectKeys(server.store);
  app = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const patchConfig = async (keys: AppProjectKeys, config: Record<string, unknown>) => {
  const res = await stackFetch(server, "/internal/projects/current", {
    access: "admin",
    keys,
    method: "PATCH",
    body: { config },
  });
  expect(res.status).toBe(200);
  return res.body as { config: { domains: unknown[]; oauth_providers: { id: string }[] } };
};

describe("the client view of a project", () => {
  it("answers the internal project as Stack's dev seed does: no domains, providers by type", async () => {
    // What the harness does, as Stack's seed (STACK_SEED_INTERNAL_PROJECT_*): providers in its order.
    await patchConfig(internal, {
      sign_up_enabled: true,
      magic_link_enabled: true,
      client_team_creation_enabled: true,
      oauth_providers: ["github", "spotify", "google", "microsoft"].map((id) => ({ id, type: "shared" })),
    });
    const res = await stackFetch(server, "/projects/current", { access: "client", keys: internal });
    expect(res.body).toEqual({
      id: INTERNAL_PROJECT_ID,
      display_name: "Stack Dashboard",
      config: {
        // Kept (docs/stack-compat.md): Stack's client view has it from 2.8.102 on, and its SDK reads it.
        allow_localhost: true,
        allow_team_api_keys: false,
        allow_user_api_keys: false,
        client_team_creation_enabled: true,
        client_user_deletion_enabled: false,
        credential_enabled: true,
        domains: [],
        enabled_oauth_providers: [{ id: "github" }, { id: "google" }, { id: "microsoft" }, { id: "spotify" }],
        magic_link_enabled: true,
        passkey_enabled: false,
        sign_up_enabled: true,
      },
    });
  });

  it("lists domains and providers in Stack's order in the client and the admin view", async () => {
    const domains = ["https://b.example.com", "https://a.example.com", "https://C.example.com"];
    const admin = await patchConfig(app, {
      domains: domains.map((domain) => ({ domain, handler_path: "/handler" })),
      oauth_providers: [{ id: "google" }, { id: "github" }],
    });
    const order = ["https://a.example.com", "https://b.example.com", "https://C.example.com"];
    expect(admin.config.domains).toEqual(order.map((domain) => ({ domain, handler_path: "/handler" })));
    expect(admin.config.oauth_providers.map((p) => p.id)).toEqual(["github", "google"]);
    const client = await stackFetch(server, "/projects/current", { access: "client", keys: app });
    const { config } = client.body as { config: { domains: { domain: string }[]; enabled_oauth_providers: unknown } };
    expect(config.domains.map((d) => d.domain)).toEqual(order);
    expect(config.enabled_oauth_providers).toEqual([{ id: "github" }, { id: "google" }]);
    await patchConfig(app, { domains: [] });
  });

  it("takes out the console origin earlier starts listed, and still trusts it for the console's own links", async () => {
    // A store written before: the seeded console origin among the domains, beside an admin's own.
    const [row] = await server.store.db.select().from(authProjectsTable).where(eq(authProjectsTable.id, app.projectId));
    const listed = [
      { domain: CONSOLE, handler_path: "/handler" },
      { domain: "https://kept.example.com", handler_path: "/handler" },
    ];
    await server.store.db
      .update(authProjectsTable)
      .set({ config: { ...withDefaults(row?.config), domains: listed } })
      .where(eq(authProjectsTable.id, app.projectId));
    await seedProjects(server.store, loadConfig(server.env));
    const [after] = await server.store.db
      .select()
      .from(authProjectsTable)
      .where(eq(authProjectsTable.id, app.projectId));
    expect(withDefaults(after?.config).domains).toEqual([
      { domain: "https://kept.example.com", handler_path: "/handler" },
    ]);

    // With localhost closed, the console's own origin is still trusted, another local one not.
    await patchConfig(app, { allow_localhost: false, magic_link_enabled: true });
    const send = (callback_url: string) =>
      stackFetch(server, "/auth/otp/send-sign-in-code", {
        access: "client",
        keys: app,
        body: { email: "someone@example.com", callback_url },
      });
    expect((await send(`${CONSOLE}/handler/magic-link-callback`)).status).toBe(200);
    const other = await send("http://localhost:4000/handler/magic-link-callback");
    expect(knownError(other).code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    await patchConfig(app, { allow_localhost: true, magic_link_enabled: false, domains: [] });
  });
});
