import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcSignIn } from "../helpers/oidc-browser.ts";
import { appProjectOf, clientApp } from "../helpers/stack-apps.ts";
import { knownError, type StackRequest, stackFetch } from "../helpers/stack-http.ts";
import { listenStackMockIdp, type RunningStackMockIdp } from "../helpers/stack-mock-idp.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Connected-account access tokens once the provider has taken them back, against a provider
 * shaped like Stack's mock OAuth server (its revocation and simulated refresh errors), as Stack's
 * connected-accounts e2e tests do: a revoked access token is refreshed, a refused refresh asks the
 * user to authorize again (OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE).
 */

let server: TestServer;
let idp: RunningStackMockIdp;

beforeAll(async () => {
  idp = await listenStackMockIdp();
  server = await startTestServer({
    env: { AUTH_RATE_LIMITS: "false", OAUTH_MOCK_URL: idp.issuer, OUTBOUND_ALLOW: "127.0.0.1" },
  });
  idp.serve(`${server.url}/auth/api/v1/auth/oauth/callback`);
  const keys = await appProjectOf(server);
  const res = await stackFetch(server, "/internal/projects/current", {
    method: "PATCH",
    access: "admin",
    keys,
    body: { config: { oauth_providers: [{ id: "spotify", type: "shared" }] } },
  });
  expect(res.status, res.text).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

/** A user signed in through the mock's spotify client, as the SDK's client calls. */
async function signedInUser(): Promise<{ email: string; asUser: StackRequest }> {
  const email = `${randomUUID()}@mock.example`;
  const outcome = await oidcSignIn(server, await clientApp(server), {
    provider: "spotify",
    username: email,
    password: "",
  });
  if (!outcome.ok) throw new Error(`sign-in refused: ${JSON.stringify(outcome)}`);
  return { email, asUser: { access: "client", keys: await appProjectOf(server), accessToken: outcome.accessToken } };
}

const tokenRequest = (asUser: StackRequest) =>
  stackFetch(server, "/connected-accounts/me/spotify/access-token", {
    ...asUser,
    method: "POST",
    body: { scope: "openid" },
  });

async function accessToken(asUser: StackRequest): Promise<string> {
  const res = await tokenRequest(asUser);
  expect(res.status, res.text).toBe(201);
  return (res.body as { access_token: string }).access_token;
}

const userinfo = (token: string) => fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${token}` } });

/** Stack's answer when the connection must be authorized again. */
async function expectReauthorize(asUser: StackRequest) {
  const res = await tokenRequest(asUser);
  expect([res.status, knownError(res), res.headers.get("x-stack-known-error")]).toEqual([
    400,
    {
      code: "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
      error: "The OAuth connection does not have the required scope.",
    },
    "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
  ]);
}

describe("connected-account tokens the provider took back", () => {
  it("a token the provider still takes is handed out again without a refresh; a revoked one is refreshed", async () => {
    const { email, asUser } = await signedInUser();
    const first = await accessToken(asUser);
    const calls = idp.tokenRequests();
    expect(await accessToken(asUser)).toBe(first);
    expect(idp.tokenRequests()).toBe(calls);

    await idp.revokeAccessToken(first);
    expect((await userinfo(first)).status).toBe(401);
    const second = await accessToken(asUser);
    expect(second).not.toBe(first);
    expect(idp.tokenRequests()).toBe(calls + 1);
    const me = await userinfo(second);
    expect([me.status, await me.json()]).toEqual([200, { sub: email }]);
  });

  it("a revoked grant (its refresh token gone) asks for a new authorization, and goes on asking", async () => {
    const { asUser } = await signedInUser();
    const token = await accessToken(asUser);
    await idp.revokeGrant(token);
    await expectReauthorize(asUser);
    // The spent tokens are forgotten: the next request does not ask the provider again.
    const calls = idp.tokenRequests();
    await expectReauthorize(asUser);
    expect(idp.tokenRequests()).toBe(calls);
  });

  it.each(["access_denied", "consent_required", "invalid_token", "unauthorized_client"])(
    "a refresh the provider refuses with %s asks for a new authorization",
    async (error) => {
      const { asUser } = await signedInUser();
      const token = await accessToken(asUser);
      await idp.failNextRefresh(token, error);
      await idp.revokeAccessToken(token);
      await expectReauthorize(asUser);
    },
  );

  it("signing in again through the provider makes the connection work again", async () => {
    const { email, asUser } = await signedInUser();
    const token = await accessToken(asUser);
    await idp.revokeGrant(token);
    await expectReauthorize(asUser);
    const again = await oidcSignIn(server, await clientApp(server), {
      provider: "spotify",
      username: email,
      password: "",
    });
    expect(again).toMatchObject({ ok: true, newUser: false });
    if (!again.ok) return;
    const fresh = await accessToken({ ...asUser, accessToken: again.accessToken });
    expect((await userinfo(fresh)).status).toBe(200);
  });
});
