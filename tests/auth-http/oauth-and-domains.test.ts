import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", DEV_OAUTH_PROVIDER: "true" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

function authorizeQuery(overrides: Record<string, string> = {}) {
  const verifier = randomBytes(48).toString("base64url");
  const params = new URLSearchParams({
    client_id: keys.projectId,
    client_secret: keys.publishableClientKey,
    redirect_uri: `${server.url}/handler/oauth-callback`,
    scope: "legacy",
    state: randomBytes(12).toString("base64url"),
    grant_type: "authorization_code",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    response_type: "code",
    type: "authenticate",
    error_redirect_url: `${server.url}/handler/error`,
    stack_response_mode: "json",
    ...overrides,
  });
  return { params, verifier };
}

/** authorize -> development consent -> our callback; returns the final redirect to the app. */
async function runFlow(params: URLSearchParams, action: "allow" | "deny" = "allow") {
  const authorize = await stackFetch(server, `/auth/oauth/authorize/github?${params}`);
  const consentUrl = new URL((authorize.body as { location: string }).location);
  const consent = await fetch(consentUrl, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      provider: "github",
      state: consentUrl.searchParams.get("state") ?? "",
      // A new address each time: another consent (a browser without the provider's cookie) may
      // not reach an account the development provider made before.
      email: `flow-${randomBytes(6).toString("hex")}@example.com`,
      action,
    }),
  });
  const callback = await fetch(consent.headers.get("location") ?? "", { redirect: "manual" });
  // Stack's statuses: 303 to the app with the code, 307 with an error.
  expect(callback.status).toBe(action === "allow" ? 303 : 307);
  return new URL(callback.headers.get("location") ?? "");
}

describe("authorize", () => {
  it("refuses unknown providers, wrong clients and untrusted redirects", async () => {
    const unknown = await stackFetch(server, `/auth/oauth/authorize/myspace?${authorizeQuery().params}`);
    expect([unknown.status, knownError(unknown).code]).toEqual([400, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED"]);
    const wrongClient = await stackFetch(
      server,
      `/auth/oauth/authorize/github?${authorizeQuery({ client_secret: "nope" }).params}`,
    );
    // Stack's answer at authorize: the key is named as the project's publishable key (401).
    expect([wrongClient.status, knownError(wrongClient)]).toEqual([
      401,
      {
        code: "INVALID_PUBLISHABLE_CLIENT_KEY",
        error: `The publishable key is not valid for the project "${keys.projectId}". Does the project and/or the key exist?`,
        details: { project_id: keys.projectId },
      },
    ]);
    // A client_id may name the branch; only one that exists (main) is accepted.
    const noBranch = await stackFetch(
      server,
      `/auth/oauth/authorize/github?${authorizeQuery({ client_id: `${keys.projectId}#does-not-exist` }).params}`,
    );
    expect([noBranch.status, knownError(noBranch).code, knownError(noBranch).details]).toEqual([
      400,
      "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
      { client_id: `${keys.projectId}#does-not-exist` },
    ]);
    const mainBranch = await stackFetch(
      server,
      `/auth/oauth/authorize/github?${authorizeQuery({ client_id: `${keys.projectId}#main` }).params}`,
    );
    expect(mainBranch.status, mainBranch.text).toBe(200);
    const evil = await stackFetch(
      server,
      `/auth/oauth/authorize/github?${authorizeQuery({ redirect_uri: "https://evil.example.org/cb" }).params}`,
    );
    expect(knownError(evil).code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    const noChallenge = authorizeQuery();
    noChallenge.params.delete("code_challenge");
    const missing = await stackFetch(server, `/auth/oauth/authorize/github?${noChallenge.params}`);
    expect(knownError(missing).code).toBe("SCHEMA_ERROR");
  });

  it("redirects with 307 and an inner-state cookie in the legacy mode", async () => {
    const { params } = authorizeQuery();
    params.delete("stack_response_mode");
    const res = await stackFetch(server, `/auth/oauth/authorize/github?${params}`);
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toContain("/auth/api/v1/auth/oauth/dev-provider/authorize?provider=github");
    // Stack's form, as its clients and e2e helpers read it.
    expect(res.headers.get("set-cookie")).toMatch(
      /^stack-oauth-inner-[a-z0-9]+=true; Path=\/; Expires=[^;]+; Max-Age=600;( Secure;)? HttpOnly$/,
    );
  });
});

describe("callback and code exchange", () => {
  it("passes a denied consent back as a known error in the redirect", async () => {
    const back = await runFlow(authorizeQuery().params, "deny");
    expect(back.searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
    expect(back.searchParams.get("error")).toBe("server_error");
    expect(back.searchParams.get("code")).toBeNull();
  });

  it("answers a callback without a known flow with OUTER_OAUTH_TIMEOUT", async () => {
    const res = await stackFetch(server, "/auth/oauth/callback/github?code=x&state=unknown");
    expect([res.status, knownError(res).code]).toEqual([408, "OUTER_OAUTH_TIMEOUT"]);
  });

  it("exchanges the code only with the right verifier, and only once", async () => {
    const { params, verifier } = authorizeQuery();
    const back = await runFlow(params);
    const code = back.searchParams.get("code") ?? "";
    const exchange = (codeVerifier: string) =>
      stackFetch(server, "/auth/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: `${server.url}/handler/oauth-callback`,
          code_verifier: codeVerifier,
          client_id: keys.projectId,
          client_secret: keys.publishableClientKey,
        }).toString(),
      });
    const wrong = await exchange(randomBytes(48).toString("base64url"));
    expect([wrong.status, knownError(wrong).code]).toEqual([400, "INVALID_AUTHORIZATION_CODE"]);
    // A wrong verifier burns the code, as a guessed code must not stay usable.
    const late = await exchange(verifier);
    expect(knownError(late).code).toBe("INVALID_AUTHORIZATION_CODE");

    const second = authorizeQuery();
    const ok = await runFlow(second.params);
    const res = await stackFetch(server, "/auth/oauth/token", {
      body: {
        grant_type: "authorization_code",
        code: ok.searchParams.get("code"),
        redirect_uri: `${server.url}/handler/oauth-callback`,
        code_verifier: second.verifier,
        client_id: keys.projectId,
        client_secret: "__stack_public_client__",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token_type: "Bearer",
      scope: "legacy",
      is_new_user: expect.any(Boolean),
      newUser: expect.any(Boolean),
      after_callback_redirect_url: null,
      afterCallbackRedirectUrl: null,
      refresh_token: expect.stringMatching(/^[0-9a-z]{45}$/),
    });
  });
});

describe("native Apple sign-in", () => {
  it("is refused as not enabled (no Apple provider here), after the body is validated", async () => {
    const native = (body: unknown) =>
      stackFetch(server, "/auth/oauth/callback/apple/native", { access: "client", keys, body });
    const refused = await native({ id_token: "fake-token" });
    expect(refused.status).toBe(400);
    expect(knownError(refused)).toMatchObject({
      code: "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
      error: "The OAuth provider is not found or not enabled.",
    });
    expect(knownError(await native({})).code).toBe("SCHEMA_ERROR");
    const noProject = await stackFetch(server, "/auth/oauth/callback/apple/native", { body: { id_token: "x" } });
    expect(noProject.status).toBe(400);
  });
});

describe("production mode", () => {
  let prod: TestServer;
  let prodKeys: AppProjectKeys;
  beforeAll(async () => {
    prod = await startTestServer({
      env: { NODE_ENV: "production", PUBLIC_URL: "https://console.example.com", AUTH_RATE_LIMITS: "false" },
    });
    prodKeys = await appProjectOf(prod);
  });
  afterAll(async () => {
    await prod?.close();
  });

  it("offers no development provider and trusts only the HTTPS public origin", async () => {
    const project = await stackFetch(prod, "/projects/current", { access: "client", keys: prodKeys });
    expect(project.body).toMatchObject({
      config: {
        enabled_oauth_providers: [],
        allow_localhost: false,
        // The public origin is trusted without being listed (as Stack lists only an admin's domains).
        domains: [],
      },
    });
    const signUp = (url: string) =>
      stackFetch(prod, "/auth/password/sign-up", {
        access: "client",
        keys: prodKeys,
        body: {
          email: `p-${randomBytes(6).toString("hex")}@example.com`,
          password: "correct-horse-1",
          verification_callback_url: url,
        },
      });
    expect(knownError(await signUp("http://localhost:5173/handler/email-verification")).code).toBe(
      "REDIRECT_URL_NOT_WHITELISTED",
    );
    expect(knownError(await signUp("http://console.example.com/handler/email-verification")).code).toBe(
      "REDIRECT_URL_NOT_WHITELISTED",
    );
    expect((await signUp("https://console.example.com/handler/email-verification")).status).toBe(200);
    const consent = await prod.request("/auth/api/v1/auth/oauth/dev-provider/authorize?provider=github&state=x");
    expect(consent.status).toBe(404);
  });
});
