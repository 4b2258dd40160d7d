import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { api } from "../api/api-client.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { knownError, type StackRequest, type StackResponse, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * One regression test per cause of the 500s that malformed input used to reach (issue #17): each
 * is now a 400 with a stable code, in the envelope of the service it was sent to, or (empty
 * updates) the object as it is.
 */
let server: TestServer;
let keys: AppProjectKeys;
let user: TestUser;
let teamId: string;

const stack = (path: string, request: StackRequest = {}) => stackFetch(server, path, { keys, ...request });
const asClient = (path: string, request: StackRequest = {}) =>
  stack(path, { access: "client", accessToken: user.accessToken, ...request });
const asServer = (path: string, request: StackRequest = {}) => stack(path, { access: "server", ...request });
const asAdmin = (path: string, request: StackRequest = {}) => stack(path, { access: "admin", ...request });

function expectSchemaError(res: StackResponse, mentions?: string): void {
  expect(res.status, res.text).toBe(400);
  const error = knownError(res);
  expect(error.code).toBe("SCHEMA_ERROR");
  expect(error.error).toMatch(/^Request validation failed on /);
  if (mentions) expect(error.error).toContain(mentions);
}

function deep(levels: number): string {
  return `${"[".repeat(levels)}${"]".repeat(levels)}`;
}

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
  user = await createTestUser(server, { verified: true });
  const team = await asServer("/teams", { body: { display_name: "Causes", creator_user_id: user.userId } });
  teamId = (team.body as { id: string }).id;
  await asAdmin("/internal/projects/current", {
    method: "PATCH",
    body: { config: { allow_user_api_keys: true, allow_team_api_keys: true } },
  });
});
afterAll(async () => {
  await server?.close();
});

describe("1. a NUL character in a text field", () => {
  it("is refused in JSON bodies of both services", async () => {
    const app = await api(server, user.accessToken, "POST", "/apps", { title: "a\u0000b" });
    expect(app.status).toBe(400);
    expect(app.error?.code).toBe("SCHEMA_ERROR");
    expect(app.error?.message).toContain("body.title must not contain the NUL character");

    expectSchemaError(
      await asClient("/users/me", { method: "PATCH", body: { display_name: "x\u0000" } }),
      "body.display_name must not contain the NUL character (U+0000)",
    );
    expectSchemaError(await asServer("/teams", { body: { display_name: "\u0000" } }));
    expectSchemaError(await asAdmin("/internal/webhooks/endpoints", { body: { url: "http://127.0.0.1:9/\u0000" } }));
    expectSchemaError(
      await asClient("/analytics/events/batch", { body: { events: [{ event_type: "\u0000", event_at_ms: 1 }] } }),
    );
  });

  it("is refused in query strings, form bodies and path segments", async () => {
    const authorize = await server.request(
      `/auth/api/v1/auth/oauth/authorize/github?client_id=${keys.projectId}%00&client_secret=x&redirect_uri=x&scope=legacy&state=%00&grant_type=authorization_code&code_challenge=x&code_challenge_method=S256&response_type=code`,
      { redirect: "manual" },
    );
    expect(authorize.status).toBe(400);
    expect(authorize.headers.get("x-stack-known-error")).toBe("SCHEMA_ERROR");

    const token = await server.request("/auth/api/v1/auth/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=authorization_code&client_id=${keys.projectId}%00&client_secret=x&code=x`,
    });
    expect(token.status).toBe(400);
    expect(token.headers.get("x-stack-known-error")).toBe("SCHEMA_ERROR");

    expectSchemaError(await asServer("/users/%00"), "path must not contain the NUL character");
    const db = await api(server, user.accessToken, "GET", "/db/%00/schema");
    expect(db.status).toBe(400);
    expect(db.error?.code).toBe("SCHEMA_ERROR");
  });
});

describe("2. a NUL inside JSON values and property names", () => {
  it("is refused wherever it is nested", async () => {
    const app = await api(server, user.accessToken, "POST", "/apps", { title: "t", openapi_spec_ids: ["a\u0000"] });
    expect(app.status).toBe(400);
    expect(app.error?.message).toContain("body.openapi_spec_ids.0 must not contain");
    expectSchemaError(
      await asClient("/users/me", { method: "PATCH", body: { client_metadata: { a: [{ b: "\u0000" }] } } }),
      "body.client_metadata.a.0.b must not contain",
    );
    expectSchemaError(
      await asServer(`/users/${user.userId}`, { method: "PATCH", body: { server_metadata: { "k\u0000": 1 } } }),
    );
  });
});

describe("3. a lone surrogate", () => {
  it("is refused in metadata and text fields (sent as the JSON escape \\ud800)", async () => {
    expectSchemaError(
      await asClient("/users/me", { method: "PATCH", body: '{"client_metadata":{"a":"\\ud800"}}' }),
      "body.client_metadata.a must not contain unpaired UTF-16 surrogates",
    );
    expectSchemaError(await asClient("/users/me", { method: "PATCH", body: '{"display_name":"\\udc00x"}' }));
    const app = await api(server, user.accessToken, "POST", "/apps", '{"title":"\\ud83d"}');
    expect(app.status).toBe(400);
    expect(app.error?.code).toBe("SCHEMA_ERROR");
    // A proper pair (an emoji) is fine.
    const emoji = await api(server, user.accessToken, "POST", "/apps", '{"title":"\\ud83d\\ude00"}');
    expect(emoji.status).toBe(201);
  });
});

describe("4. deep nesting and oversized free-form JSON", () => {
  it("refuses 3,000 levels in client metadata at the edge", async () => {
    expectSchemaError(
      await asClient("/users/me", { method: "PATCH", body: `{"client_metadata":${deep(3000)}}` }),
      "is nested more than 64 levels deep",
    );
    const app = await api(server, user.accessToken, "PATCH", "/apps/x", `{"title":${deep(100_000)}}`);
    expect(app.status).toBe(400);
    expect(app.error?.code).toBe("SCHEMA_ERROR");
  });

  it("limits metadata to 32 levels and 100,000 characters, and keeps what fits", async () => {
    expectSchemaError(
      await asServer(`/teams/${teamId}`, { method: "PATCH", body: `{"client_metadata":${deep(40)}}` }),
      "is nested more than 32 levels deep",
    );
    expectSchemaError(
      await asClient("/users/me", { method: "PATCH", body: { client_metadata: { a: "x".repeat(100_001) } } }),
      "must be at most 100000 characters as JSON",
    );
    const fits = await asClient("/users/me", { method: "PATCH", body: { client_metadata: JSON.parse(deep(30)) } });
    expect(fits.status).toBe(200);
  });
});

describe("5. an update that changes nothing", () => {
  it("answers the current object", async () => {
    const team = await asServer(`/teams/${teamId}`, { method: "PATCH", body: {} });
    expect(team.status, team.text).toBe(200);
    expect(team.body).toMatchObject({ id: teamId, display_name: "Causes" });

    const profile = await asClient(`/team-member-profiles/${teamId}/me`, { method: "PATCH", body: {} });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body).toMatchObject({ team_id: teamId, user_id: user.userId });

    const key = await asClient("/user-api-keys", {
      body: { user_id: "me", description: "k", expires_at_millis: null },
    });
    expect(key.status, key.text).toBe(200);
    const keyId = (key.body as { id: string }).id;
    const unchanged = await asClient(`/user-api-keys/${keyId}`, { method: "PATCH", body: {} });
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.body).toMatchObject({ id: keyId, description: "k" });
    const revoked = await asClient(`/user-api-keys/${keyId}`, { method: "PATCH", body: { revoked: true } });
    expect(revoked.status).toBe(200);
    const again = await asClient(`/user-api-keys/${keyId}`, { method: "PATCH", body: { revoked: true } });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({
      id: keyId,
      manually_revoked_at_millis: (revoked.body as { manually_revoked_at_millis: number }).manually_revoked_at_millis,
    });

    const endpoint = await asAdmin("/internal/webhooks/endpoints", { body: { url: "http://127.0.0.1:9/hook" } });
    const endpointId = (endpoint.body as { id: string }).id;
    const same = await asAdmin(`/internal/webhooks/endpoints/${endpointId}`, { method: "PATCH", body: {} });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toMatchObject({ id: endpointId, url: "http://127.0.0.1:9/hook" });
    await asAdmin(`/internal/webhooks/endpoints/${endpointId}`, { method: "DELETE" });
  });
});

describe("6. a time past what a date can hold", () => {
  it("is a schema error on user and internal API keys", async () => {
    const far = 8_640_000_000_000_001;
    expectSchemaError(
      await asClient("/user-api-keys", { body: { user_id: "me", description: "k", expires_at_millis: far } }),
      "body.expires_at_millis",
    );
    expectSchemaError(
      await asAdmin("/internal/api-keys", {
        body: { description: "k", expires_at_millis: far, has_secret_server_key: true },
      }),
    );
    expectSchemaError(
      await asClient("/analytics/events/batch", { body: { events: [{ event_type: "x", event_at_ms: far }] } }),
    );
  });
});

describe("7. a webhook URL that is not a URL", () => {
  it("is a schema error", async () => {
    expectSchemaError(await asAdmin("/internal/webhooks/endpoints", { body: { url: "x" } }), "body.url");
  });
});

describe("8. an id in a query that is not a uuid", () => {
  it("is a schema error on /team-member-profiles", async () => {
    expectSchemaError(await asServer(`/team-member-profiles?team_id=${teamId}&user_id=not-a-uuid`), "query.user_id");
    expectSchemaError(await asClient(`/team-member-profiles?team_id=${teamId}&user_id=not-a-uuid`), "query.user_id");
    expectSchemaError(await asServer("/team-member-profiles?team_id=nope"), "query.team_id");
    const own = await asClient(`/team-member-profiles?team_id=${teamId}&user_id=me`);
    expect(own.status).toBe(200);
  });
});
