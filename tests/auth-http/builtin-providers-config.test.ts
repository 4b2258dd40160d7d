import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Stack's other built-in providers as a project turns them on: with the instance's client
 * (<ID>_CLIENT_ID/_SECRET) or its own (`standard`, with Microsoft's tenant and Facebook's
 * configuration id). The provider's side of the flow is covered by
 * server/auth/social/builtin/builtin-providers.test.ts; here the authorize step shows which
 * client, endpoints, scopes and PKCE a project's sign-in uses.
 */

const INSTANCE_SECRET = "instance-spotify-secret";
const OWN_SECRET = "own-client-secret-value";
let server: TestServer;
let keys: AppProjectKeys;

beforeAll(async () => {
  server = await startTestServer({
    env: { AUTH_RATE_LIMITS: "false", SPOTIFY_CLIENT_ID: "instance-spotify", SPOTIFY_CLIENT_SECRET: INSTANCE_SECRET },
  });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const setProviders = (oauth_providers: unknown[]) =>
  stackFetch(server, "/internal/projects/current", {
    method: "PATCH",
    access: "admin",
    keys,
    body: { config: { oauth_providers } },
  });

function authorizeCall(provider: string) {
  const params = new URLSearchParams({
    client_id: keys.projectId,
    client_secret: keys.publishableClientKey,
    redirect_uri: `${server.url}/handler/oauth-callback`,
    scope: "legacy",
    state: randomBytes(12).toString("base64url"),
    grant_type: "authorization_code",
    code_challenge: createHash("sha256").update(randomBytes(32)).digest("base64url"),
    code_challenge_method: "S256",
    response_type: "code",
    type: "authenticate",
    error_redirect_url: `${server.url}/handler/error`,
    stack_response_mode: "json",
  });
  return stackFetch(server, `/auth/oauth/authorize/${provider}?${params}`);
}

async function authorize(provider: string): Promise<URL> {
  const res = await authorizeCall(provider);
  expect(res.status).toBe(200);
  expect(res.text).not.toContain(OWN_SECRET);
  expect(res.text).not.toContain(INSTANCE_SECRET);
  return new URL((res.body as { location: string }).location);
}

describe("Stack's other built-in providers in a project", () => {
  it("signs in with the instance's client when the operator configured one", async () => {
    expect((await setProviders([{ id: "spotify", type: "shared" }])).status).toBe(200);
    const url = await authorize("spotify");
    expect(url.origin + url.pathname).toBe("https://accounts.spotify.com/authorize");
    expect(url.searchParams.get("client_id")).toBe("instance-spotify");
    expect(url.searchParams.get("scope")).toBe("user-read-email user-read-private");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/auth/api/v1/auth/oauth/callback/spotify`);

    // Turned on without the operator's client and without one of its own: not offered.
    expect((await setProviders([{ id: "twitch", type: "shared" }])).status).toBe(200);
    expect(knownError(await authorizeCall("twitch")).code).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
    const view = await stackFetch(server, "/projects/current", { access: "client", keys });
    expect(JSON.stringify(view.body)).not.toContain("twitch");
  });

  it("signs in with the project's own client, Microsoft in its tenant, Facebook with its configuration", async () => {
    const saved = await setProviders([
      {
        id: "microsoft",
        type: "standard",
        client_id: "own-ms",
        client_secret: OWN_SECRET,
        microsoft_tenant_id: "organizations",
      },
      {
        id: "facebook",
        type: "standard",
        client_id: "own-fb",
        client_secret: OWN_SECRET,
        facebook_config_id: "123456",
      },
      { id: "linkedin", type: "standard", client_id: "own-li", client_secret: OWN_SECRET },
      { id: "x", type: "standard", client_id: "own-x", client_secret: OWN_SECRET },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(OWN_SECRET);
    const stored = (saved.body as { config: { oauth_providers: Record<string, unknown>[] } }).config.oauth_providers;
    expect(stored.find((p) => p.id === "microsoft")).toMatchObject({
      microsoft_tenant_id: "organizations",
      client_secret: expect.any(String),
    });
    expect(stored.find((p) => p.id === "facebook")).toMatchObject({ facebook_config_id: "123456" });

    const ms = await authorize("microsoft");
    expect(ms.origin + ms.pathname).toBe("https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize");
    expect(ms.searchParams.get("client_id")).toBe("own-ms");
    expect(ms.searchParams.get("scope")).toBe("User.Read openid");
    const fb = await authorize("facebook");
    expect(fb.searchParams.get("config_id")).toBe("123456");
    expect(fb.searchParams.get("client_id")).toBe("own-fb");
    const li = await authorize("linkedin");
    expect(li.searchParams.get("code_challenge")).toBeNull();
    const x = await authorize("x");
    expect(x.origin + x.pathname).toBe("https://twitter.com/i/oauth2/authorize");
    expect(x.searchParams.get("code_challenge_method")).toBe("S256");

    const view = await stackFetch(server, "/projects/current", { access: "client", keys });
    const text = JSON.stringify(view.body);
    for (const id of ["microsoft", "facebook", "linkedin", "x"]) expect(text).toContain(`"${id}"`);
  });

  it("keeps a provider's extras to that provider", async () => {
    const wrong = await setProviders([
      { id: "gitlab", type: "standard", client_id: "gl", client_secret: OWN_SECRET, microsoft_tenant_id: "common" },
    ]);
    expect(knownError(wrong).code).toBe("SCHEMA_ERROR");
    const config = await stackFetch(server, "/internal/config/override/environment", {
      method: "PATCH",
      access: "admin",
      keys,
      body: {
        config_override_string: JSON.stringify({
          "auth.oauth.providers.microsoft": {
            type: "microsoft",
            isShared: false,
            clientId: "cfg-ms",
            clientSecret: OWN_SECRET,
            microsoftTenantId: "contoso.example",
          },
        }),
      },
    });
    expect(config.status).toBe(200);
    const ms = await authorize("microsoft");
    expect(ms.pathname).toBe("/contoso.example/oauth2/v2.0/authorize");
    expect(ms.searchParams.get("client_id")).toBe("cfg-ms");
  });
});
