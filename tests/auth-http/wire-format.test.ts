import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", DEV_OAUTH_PROVIDER: "true" } });
  keys = await appProjectOf(server);
  user = await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
});

describe("headers of every answer", () => {
  it("allows and exposes both header families for CORS", async () => {
    const res = await server.request("/auth/api/v1/users/me", {
      method: "OPTIONS",
      headers: {
        origin: "https://elsewhere.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-hexclave-access-type,x-stack-access-token",
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = res.headers.get("access-control-allow-headers") ?? "";
    for (const h of [
      "x-stack-access-type",
      "x-hexclave-access-type",
      "x-stack-override-error-status",
      "x-hexclave-refresh-token",
    ]) {
      expect(allowed).toContain(h);
    }
    const get = await stackFetch(server, "/users/me", {
      access: "client",
      keys,
      headers: { origin: "https://x.example" },
    });
    const exposed = get.headers.get("access-control-expose-headers") ?? "";
    for (const h of [
      "x-stack-actual-status",
      "x-stack-known-error",
      "x-hexclave-actual-status",
      "x-hexclave-known-error",
    ]) {
      expect(exposed).toContain(h);
    }
    expect(get.headers.get("cache-control")).toBe("no-store, max-age=0");
    expect(get.headers.get("x-stack-request-id")).toBeTruthy();
    expect(get.headers.get("x-hexclave-request-id")).toBe(get.headers.get("x-stack-request-id"));
  });

  it("overrides 4xx to 200 with the actual status in both families, for either request header", async () => {
    for (const header of ["x-stack-override-error-status", "x-hexclave-override-error-status"]) {
      const res = await stackFetch(server, "/users/me", { access: "client", keys, headers: { [header]: "true" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-stack-actual-status")).toBe("400");
      expect(res.headers.get("x-hexclave-actual-status")).toBe("400");
      expect(knownError(res).code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
    }
  });

  it("answers unknown API paths with a plain 404 (no code the SDK does not know)", async () => {
    const res = await stackFetch(server, "/no/such/route", { access: "client", keys });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-stack-known-error")).toBeNull();
    const root = await server.request("/auth/api/v1");
    expect(root.status).toBe(200);
  });

  it("accepts the X-Hexclave-* dialect like the X-Stack-* one", async () => {
    for (const dialect of ["stack", "hexclave"] as const) {
      const res = await stackFetch(server, "/users/me", {
        access: "client",
        keys,
        accessToken: user.accessToken,
        dialect,
      });
      expect(res.status).toBe(200);
      expect((res.body as { id: string }).id).toBe(user.userId);
    }
  });
});

describe("key checks, in Stack's order", () => {
  const cases: Array<[string, Record<string, string>, number, string, Record<string, unknown>?]> = [
    [
      "a key without access type",
      { "x-stack-publishable-client-key": "pck_x" },
      400,
      "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
    ],
    ["no access type, no key", {}, 400, "ACCESS_TYPE_REQUIRED"],
    [
      "an unknown access type",
      { "x-stack-access-type": "root", "x-stack-project-id": "p" },
      400,
      "INVALID_ACCESS_TYPE",
      { accessType: "root" },
    ],
    [
      "no project id",
      { "x-stack-access-type": "server" },
      400,
      "ACCESS_TYPE_WITHOUT_PROJECT_ID",
      { request_type: "server" },
    ],
  ];
  it.each(cases)("answers %s", async (_name, headers, status, code, details) => {
    const res = await stackFetch(server, "/users/me", { headers });
    expect(res.status).toBe(status);
    const error = knownError(res);
    expect(error.code).toBe(code);
    if (details) expect(error.details).toEqual(details);
  });

  it("names an unknown project", async () => {
    const projectId = randomUUID();
    const res = await stackFetch(server, "/users/me", {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": projectId },
    });
    expect(res.status).toBe(400);
    expect(knownError(res)).toMatchObject({ code: "CURRENT_PROJECT_NOT_FOUND", details: { project_id: projectId } });
  });

  it("checks the key that matches the access type", async () => {
    const base = { "x-stack-project-id": keys.projectId };
    const expectations: Array<[Record<string, string>, number, string]> = [
      [
        { "x-stack-access-type": "client", "x-stack-publishable-client-key": "pck_wrong" },
        401,
        "INVALID_PUBLISHABLE_CLIENT_KEY",
      ],
      [{ "x-stack-access-type": "server" }, 401, "SERVER_AUTHENTICATION_REQUIRED"],
      [
        { "x-stack-access-type": "server", "x-stack-secret-server-key": keys.publishableClientKey },
        401,
        "INVALID_SECRET_SERVER_KEY",
      ],
      [{ "x-stack-access-type": "admin" }, 401, "ADMIN_AUTHENTICATION_REQUIRED"],
      [
        { "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": keys.secretServerKey },
        401,
        "INVALID_SUPER_SECRET_ADMIN_KEY",
      ],
    ];
    for (const [headers, status, code] of expectations) {
      const res = await stackFetch(server, "/users", { headers: { ...base, ...headers } });
      expect([res.status, knownError(res).code]).toEqual([status, code]);
    }
    const noKey = await stackFetch(server, "/projects/current", {
      headers: { ...base, "x-stack-access-type": "client" },
    });
    expect(noKey.status).toBe(200);
  });

  it("refuses client access to server routes", async () => {
    const res = await stackFetch(server, "/users?limit=2", { access: "client", keys });
    expect(res.status).toBe(401);
    expect(knownError(res)).toEqual({
      code: "INSUFFICIENT_ACCESS_TYPE",
      error: "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
      details: { actual_access_type: "client", allowed_access_types: ["server", "admin"] },
    });
  });
});

describe("access tokens", () => {
  it("rejects a garbage token as unparsable", async () => {
    const res = await stackFetch(server, "/users/me", { access: "client", keys, accessToken: "not-a-jwt" });
    expect([res.status, knownError(res).code]).toEqual([401, "UNPARSABLE_ACCESS_TOKEN"]);
  });

  it("rejects a token of another project", async () => {
    const signUp = await stackFetch(server, "/auth/anonymous/sign-up", {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": "internal" },
      body: {},
    });
    expect(signUp.status).toBe(200);
    const { access_token } = signUp.body as { access_token: string };
    const res = await stackFetch(server, "/users/me", { access: "client", keys, accessToken: access_token });
    expect(res.status).toBe(401);
    expect(knownError(res)).toMatchObject({
      code: "INVALID_PROJECT_FOR_ACCESS_TOKEN",
      details: { expected_project_id: keys.projectId, actual_project_id: "internal" },
    });
  });

  it("accepts anonymous users only with the allow-anonymous header", async () => {
    const signUp = await stackFetch(server, "/auth/anonymous/sign-up", { access: "client", keys, body: {} });
    const { access_token } = signUp.body as { access_token: string };
    const refused = await stackFetch(server, "/users/me", { access: "client", keys, accessToken: access_token });
    expect([refused.status, knownError(refused).code]).toEqual([401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED"]);
    const allowed = await stackFetch(server, "/users/me", {
      access: "client",
      keys,
      accessToken: access_token,
      headers: { "x-hexclave-allow-anonymous-user": "true" },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({
      is_anonymous: true,
      is_restricted: true,
      restricted_reason: { type: "anonymous" },
    });
  });
});

describe("shapes the SDK reads", () => {
  it("serves the client project with its sign-in settings", async () => {
    const res = await stackFetch(server, "/projects/current", { access: "client", keys });
    expect(res.body).toEqual({
      id: keys.projectId,
      display_name: "App Console",
      config: expect.objectContaining({
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: false,
        passkey_enabled: false,
        allow_localhost: true,
        client_team_creation_enabled: false,
        client_user_deletion_enabled: false,
        allow_user_api_keys: false,
        allow_team_api_keys: false,
        enabled_oauth_providers: [{ id: "github" }, { id: "google" }],
        domains: [],
      }),
    });
  });

  it("publishes the signing keys, cacheable, and 404 for unknown projects", async () => {
    const res = await stackFetch(server, `/projects/${keys.projectId}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const { keys: jwks } = res.body as { keys: Record<string, string>[] };
    expect(jwks.length).toBeGreaterThan(0);
    for (const key of jwks) expect(Object.keys(key).sort()).toEqual(["alg", "crv", "kid", "kty", "x", "y"]);
    expect(jwks.some((k) => "d" in k)).toBe(false);
    const unknown = await stackFetch(server, `/projects/${randomUUID()}/.well-known/jwks.json`);
    expect(unknown.status).toBe(404);
  });

  it("answers the client and server user shapes of the recorded server", async () => {
    const client = await stackFetch(server, "/users/me", { access: "client", keys, accessToken: user.accessToken });
    expect(Object.keys(client.body as object).sort()).toEqual(
      [
        "auth_with_email",
        "client_metadata",
        "client_read_only_metadata",
        "display_name",
        "has_password",
        "id",
        "is_anonymous",
        "is_restricted",
        "oauth_providers",
        "otp_auth_enabled",
        "passkey_auth_enabled",
        "primary_email",
        "primary_email_verified",
        "profile_image_url",
        "requires_totp_mfa",
        "restricted_by_admin",
        "restricted_by_admin_reason",
        "restricted_reason",
        "selected_team",
        "selected_team_id",
        "signed_up_at_millis",
      ].sort(),
    );
    const srv = await stackFetch(server, `/users/${user.userId}`, { access: "server", keys });
    expect(srv.body).toMatchObject({
      id: user.userId,
      primary_email: user.email,
      primary_email_auth_enabled: true,
      server_metadata: null,
      country_code: null,
      restricted_by_admin_private_details: null,
      risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
      last_active_at_millis: expect.any(Number),
    });
  });
});
