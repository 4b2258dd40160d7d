import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcSignIn } from "../helpers/oidc-browser.ts";
import { appProjectOf, clientApp, DIALECTS } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { listenStackMockIdp, type RunningStackMockIdp } from "../helpers/stack-mock-idp.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * OAUTH_MOCK_URL: the instance's shared providers as clients of a provider shaped like Stack's mock
 * OAuth server (what tools/stack-e2e runs Stack's OAuth tests against), its loopback address let
 * through by OUTBOUND_ALLOW only.
 */

let server: TestServer;
let idp: RunningStackMockIdp;
const SHARED = ["github", "google", "microsoft", "spotify"];

async function turnOnShared(target: TestServer) {
  const keys = await appProjectOf(target);
  const res = await stackFetch(target, "/internal/projects/current", {
    method: "PATCH",
    access: "admin",
    keys,
    body: { config: { oauth_providers: SHARED.map((id) => ({ id, type: "shared" })) } },
  });
  expect(res.status, res.text).toBe(200);
}

const address = () => `${randomUUID()}@mock.example`;

beforeAll(async () => {
  idp = await listenStackMockIdp();
  server = await startTestServer({
    env: { AUTH_RATE_LIMITS: "false", OAUTH_MOCK_URL: idp.issuer, OUTBOUND_ALLOW: "127.0.0.1" },
  });
  idp.serve(`${server.url}/auth/api/v1/auth/oauth/callback`);
  await turnOnShared(server);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

describe.each(DIALECTS)("shared providers through Stack's mock OAuth server, %s dialect", (dialect) => {
  it.each(SHARED)(
    "%s: a first sign-in makes the user with the mock's address as verified, the next finds it",
    async (provider) => {
      const email = address();
      const first = await oidcSignIn(server, await clientApp(server, { dialect }), {
        provider,
        username: email,
        password: "",
      });
      expect(first).toMatchObject({ ok: true, newUser: true });
      if (!first.ok) return;
      const user = await (await clientApp(server, { dialect, tokens: first })).getUser({ or: "throw" });
      expect([user.primaryEmail, user.primaryEmailVerified]).toEqual([email, true]);
      const again = await oidcSignIn(server, await clientApp(server, { dialect }), {
        provider,
        username: email,
        password: "",
      });
      expect(again).toMatchObject({ ok: true, newUser: false });
      if (!again.ok) return;
      expect((await (await clientApp(server, { dialect, tokens: again })).getUser({ or: "throw" })).id).toBe(user.id);
    },
  );
});

describe("a new account through the mock while sign-ups are off", () => {
  it("redirects with Stack's error: SIGN_UP_NOT_ENABLED, its text twice, details {}, the flow cookie cleared", async () => {
    const keys = await appProjectOf(server);
    const signUps = (on: boolean) =>
      stackFetch(server, "/internal/projects/current", {
        method: "PATCH",
        access: "admin",
        keys,
        body: { config: { sign_up_enabled: on } },
      });
    expect((await signUps(false)).status).toBe(200);
    try {
      let callback: Response | undefined;
      const outcome = await oidcSignIn(server, await clientApp(server), {
        provider: "spotify",
        username: address(),
        password: "",
        onCallbackResponse: (response) => {
          callback = response;
        },
      });
      expect(outcome).toEqual({ ok: false, step: "callback", status: 307, code: "SIGN_UP_NOT_ENABLED" });
      const location = new URL(callback?.headers.get("location") ?? "about:blank");
      const text =
        "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.";
      expect(
        Object.fromEntries(
          ["error", "errorCode", "error_description", "message", "details"].map((k) => [
            k,
            location.searchParams.get(k),
          ]),
        ),
      ).toEqual({
        error: "server_error",
        errorCode: "SIGN_UP_NOT_ENABLED",
        error_description: text,
        message: text,
        details: "{}",
      });
      expect(callback?.headers.getSetCookie().some((c) => /^stack-oauth-inner-[^=]+=;.*Max-Age=0/.test(c))).toBe(true);
    } finally {
      expect((await signUps(true)).status).toBe(200);
    }
  });
});

describe("connected accounts through the mock", () => {
  it("hands out the mock's access token for the signed-in account (201, as Stack), which its userinfo accepts", async () => {
    const email = address();
    const signedIn = await oidcSignIn(server, await clientApp(server), {
      provider: "spotify",
      username: email,
      password: "",
    });
    expect(signedIn).toMatchObject({ ok: true });
    if (!signedIn.ok) return;
    const keys = await appProjectOf(server);
    const res = await stackFetch(server, "/connected-accounts/me/spotify/access-token", {
      method: "POST",
      access: "client",
      keys,
      accessToken: signedIn.accessToken,
      body: { scope: "openid" },
    });
    expect(res.status, res.text).toBe(201);
    const token = (res.body as { access_token: string }).access_token;
    const me = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ sub: email });

    // With allow_connected_accounts off the account signs in but is no connected account (as in Stack).
    const asUser = { access: "client" as const, keys, accessToken: signedIn.accessToken };
    const connected = async () =>
      ((await stackFetch(server, "/connected-accounts/me", asUser)).body as { items: unknown[] }).items.length;
    expect(await connected()).toBe(1);
    const providers = (await stackFetch(server, "/oauth-providers?user_id=me", asUser)).body as {
      items: { id: string }[];
    };
    const [account] = providers.items;
    const off = await stackFetch(server, `/oauth-providers/me/${account?.id}`, {
      ...asUser,
      method: "PATCH",
      body: { allow_connected_accounts: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(await connected()).toBe(0);
    const refused = await stackFetch(server, "/connected-accounts/me/spotify/access-token", {
      ...asUser,
      method: "POST",
      body: { scope: "openid" },
    });
    expect(knownError(refused).code).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
  });
});

describe("connected accounts: Stack's answers to wrong requests", () => {
  it("names an unknown provider, a token-less account, a malformed user id and another user as Stack does", async () => {
    const keys = await appProjectOf(server);
    const signIn = async () => {
      const outcome = await oidcSignIn(server, await clientApp(server), {
        provider: "spotify",
        username: address(),
        password: "",
      });
      if (!outcome.ok) throw new Error(`sign-in refused: ${JSON.stringify(outcome)}`);
      return { access: "client" as const, keys, accessToken: outcome.accessToken };
    };
    const first = await signIn();
    const me = (await stackFetch(server, "/users/me", first)).body as { id: string };

    const unknown = await stackFetch(
      server,
      "/connected-accounts/me/non-existent-provider/some-account-id/access-token",
      {
        ...first,
        method: "POST",
        body: { scope: "openid" },
      },
    );
    expect([unknown.status, knownError(unknown)]).toEqual([
      400,
      { code: "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", error: "The OAuth provider is not found or not enabled." },
    ]);

    // A second account an admin added has no token at the provider: a missing scope, not a missing account.
    const added = await stackFetch(server, "/oauth-providers", {
      access: "server",
      keys,
      method: "POST",
      body: {
        user_id: me.id,
        provider_config_id: "spotify",
        email: "second-account@example.com",
        account_id: `second-${randomUUID()}`,
        allow_sign_in: false,
        allow_connected_accounts: true,
      },
    });
    expect(added.status, added.text).toBe(201);
    const accountId = (added.body as { account_id: string }).account_id;
    const tokenless = await stackFetch(server, `/connected-accounts/me/spotify/${accountId}/access-token`, {
      ...first,
      method: "POST",
      body: { scope: "openid" },
    });
    expect([tokenless.status, knownError(tokenless).code]).toEqual([
      400,
      "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
    ]);
    const absent = await stackFetch(server, "/connected-accounts/me/spotify/no-such-account/access-token", {
      ...first,
      method: "POST",
      body: { scope: "openid" },
    });
    expect(knownError(absent).code).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");

    const malformed = await stackFetch(server, "/connected-accounts/non-existent-user-id", { access: "server", keys });
    expect([malformed.status, knownError(malformed)]).toEqual([
      400,
      {
        code: "SCHEMA_ERROR",
        error:
          "Request validation failed on GET /api/v1/connected-accounts/non-existent-user-id:\n  - params.user_id must be a valid UUID",
        details: {
          message:
            "Request validation failed on GET /api/v1/connected-accounts/non-existent-user-id:\n  - params.user_id must be a valid UUID",
        },
      },
    ]);

    // Another signed-in user asking for the first one's accounts: Stack's 403 and text (with a code, issue 21).
    const second = await signIn();
    const others = await stackFetch(server, `/connected-accounts/${me.id}`, second);
    expect([others.status, others.body]).toEqual([
      403,
      {
        code: "CLIENT_CANNOT_ACT_FOR_OTHER_USERS",
        error: "Client can only list connected accounts for their own user.",
      },
    ]);
    const othersToken = await stackFetch(server, `/connected-accounts/${me.id}/spotify/access-token`, {
      ...second,
      method: "POST",
      body: { scope: "openid" },
    });
    expect([othersToken.status, othersToken.body]).toEqual([
      403,
      { code: "CLIENT_CANNOT_ACT_FOR_OTHER_USERS", error: "Client can only access its own connected accounts" },
    ]);
    // Server access still reads any user's accounts.
    const asServer = await stackFetch(server, `/connected-accounts/${me.id}`, { access: "server", keys });
    expect((asServer.body as { items: unknown[] }).items).toHaveLength(2);
  });
});

describe("what the server asks of the mock", () => {
  it("refuses redirect URLs that are no absolute URL, in Stack's words", async () => {
    const keys = await appProjectOf(server);
    const base = {
      client_id: keys.projectId,
      client_secret: keys.publishableClientKey,
      redirect_uri: `${server.url}/handler/oauth-callback`,
      scope: "legacy",
      response_type: "code",
      state: "s",
      grant_type: "authorization_code",
      code_challenge: "some-code-challenge",
      code_challenge_method: "plain",
    };
    const authorize = (extra: Record<string, string>) =>
      server.request(`/auth/api/v1/auth/oauth/authorize/spotify?${new URLSearchParams({ ...base, ...extra })}`, {
        redirect: "manual",
      });
    const spaces = await authorize({ redirect_uri: "this is an invalid URL string" });
    expect(spaces.status).toBe(400);
    expect(await spaces.json()).toMatchObject({
      code: "SCHEMA_ERROR",
      error:
        "Request validation failed on GET /api/v1/auth/oauth/authorize/spotify:\n  - query.redirect_uri contains spaces\n  - query.redirect_uri is not a valid URL",
    });
    const after = await authorize({ after_callback_redirect_url: "not-a-valid-url" });
    expect(((await after.json()) as { error: string }).error).toContain(
      "query.after_callback_redirect_url is not a valid URL",
    );
  });

  it("sends Stack's authorization request: the provider id as client, openid offline_access, consent, PKCE", async () => {
    // The client's side as Stack's e2e helpers send it: a short plain code challenge.
    const keys = await appProjectOf(server);
    const query = new URLSearchParams({
      client_id: keys.projectId,
      client_secret: keys.publishableClientKey,
      redirect_uri: `${server.url}/handler/oauth-callback`,
      scope: "legacy",
      response_type: "code",
      state: "s",
      grant_type: "authorization_code",
      code_challenge: "some-code-challenge",
      code_challenge_method: "plain",
      type: "authenticate",
    });
    const res = await server.request(`/auth/api/v1/auth/oauth/authorize/spotify?${query}`, { redirect: "manual" });
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(`${idp.issuer}/auth`);
    expect(
      Object.fromEntries(
        ["client_id", "scope", "prompt", "access_type", "code_challenge_method", "redirect_uri"].map((k) => [
          k,
          location.searchParams.get(k),
        ]),
      ),
    ).toEqual({
      client_id: "spotify",
      scope: "openid offline_access",
      prompt: "consent",
      access_type: "offline",
      code_challenge_method: "S256",
      redirect_uri: `${server.url}/auth/api/v1/auth/oauth/callback/spotify`,
    });
  });
});

describe("the outbound rules hold for the mock too", () => {
  it("without OUTBOUND_ALLOW the loopback mock is refused before any call reaches it", async () => {
    const strict = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", OAUTH_MOCK_URL: idp.issuer } });
    try {
      await turnOnShared(strict);
      const before = idp.tokenRequests();
      for (const provider of ["github", "google"]) {
        const result = await oidcSignIn(strict, await clientApp(strict), {
          provider,
          username: address(),
          password: "",
        });
        expect(result).toMatchObject({ ok: false, step: "authorize", code: "OUTBOUND_ADDRESS_NOT_ALLOWED" });
      }
      expect(idp.tokenRequests()).toBe(before);
    } finally {
      await strict.close();
    }
  });
});
