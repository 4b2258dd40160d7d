import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcSignIn } from "../helpers/oidc-browser.ts";
import { appProjectOf, clientApp, createTestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { listenStackMockIdp, type RunningStackMockIdp } from "../helpers/stack-mock-idp.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * What an OAuth sign-in does beside an account that already signs in with its address, per merge
 * strategy, as Stack's merge-strategy and auth-flows e2e tests expect. The provider is Stack's mock
 * OAuth server, which proves the address it hands out.
 */

let server: TestServer;
let idp: RunningStackMockIdp;
const REFUSED = "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE";

beforeAll(async () => {
  idp = await listenStackMockIdp();
  server = await startTestServer({
    env: { AUTH_RATE_LIMITS: "false", OAUTH_MOCK_URL: idp.issuer, OUTBOUND_ALLOW: "127.0.0.1" },
  });
  idp.serve(`${server.url}/auth/api/v1/auth/oauth/callback`);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

async function setMergeStrategy(strategy: "link_method" | "raise_error" | "allow_duplicates") {
  const res = await stackFetch(server, "/internal/projects/current", {
    method: "PATCH",
    access: "admin",
    keys: await appProjectOf(server),
    body: { config: { oauth_account_merge_strategy: strategy, oauth_providers: [{ id: "spotify", type: "shared" }] } },
  });
  expect(res.status, res.text).toBe(200);
}

/** The last callback's redirect target and cookies. */
let lastCallback: { location: URL; cookies: string[] } | null = null;

async function spotify(email: string, tokens?: { accessToken: string; refreshToken: string }) {
  return oidcSignIn(server, await clientApp(server, tokens ? { tokens } : {}), {
    provider: "spotify",
    username: email,
    password: "",
    onCallbackResponse: (response) => {
      lastCallback = {
        location: new URL(response.headers.get("location") ?? "about:blank"),
        cookies: response.headers.getSetCookie(),
      };
    },
  });
}

/** The error redirect of a refused callback, as Stack's merge-strategy test reads it. */
function expectRefusalRedirect(message: string, details: Record<string, unknown>) {
  const location = lastCallback?.location;
  expect(location?.searchParams.get("error")).toBe("server_error");
  expect(location?.searchParams.get("errorCode")).toBe(REFUSED);
  expect(location?.searchParams.get("error_description")).toBe(message);
  expect(location?.searchParams.get("message")).toBe(message);
  expect(JSON.parse(location?.searchParams.get("details") ?? "null")).toEqual(details);
  // The flow's browser mark is cleared with the spent state.
  expect(lastCallback?.cookies.some((c) => /^stack-oauth-inner-[^=]+=;.*Max-Age=0/.test(c))).toBe(true);
}

async function channelsOf(tokens: { accessToken: string; refreshToken: string }) {
  const user = await (await clientApp(server, { tokens })).getUser({ or: "throw" });
  const channels = await user.listContactChannels();
  return { user, channels: channels.map((c) => ({ value: c.value, verified: c.isVerified, auth: c.usedForAuth })) };
}

describe("OAuth sign-in beside an existing account", () => {
  it("link_method: a verified account gains the provider, also when its own session signs in", async () => {
    await setMergeStrategy("link_method");
    const owner = await createTestUser(server, { email: `${randomUUID()}@mock.example`, verified: true });
    // Signed in already (Stack's auth-flows case): the sign-in still resolves to the same account.
    const again = await spotify(owner.email, owner);
    expect(again).toMatchObject({ ok: true, newUser: false });
    if (!again.ok) return;
    const { user, channels } = await channelsOf(again);
    expect(user.id).toBe(owner.userId);
    expect(channels).toEqual([{ value: owner.email, verified: true, auth: true }]);
    expect(user.oauthProviders.map((p) => p.id)).toEqual(["spotify"]);
  });

  it("link_method: an account whose address is unproved is not taken over; it is told to verify first", async () => {
    await setMergeStrategy("link_method");
    const owner = await createTestUser(server, { email: `${randomUUID()}@mock.example`, verified: false });
    const attempt = await spotify(owner.email);
    expect(attempt).toEqual({ ok: false, step: "callback", status: 307, code: REFUSED });
    expectRefusalRedirect(
      `This email "(${owner.email})" is already used for authentication by another account but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.`,
      { type: "email", contact_channel_value: owner.email, would_work_if_email_was_verified: true },
    );
    const { user, channels } = await channelsOf(owner);
    expect(user.oauthProviders).toEqual([]);
    expect(channels).toEqual([{ value: owner.email, verified: false, auth: true }]);
  });

  it("raise_error: refuses even a verified account", async () => {
    await setMergeStrategy("raise_error");
    try {
      const owner = await createTestUser(server, { email: `${randomUUID()}@mock.example`, verified: true });
      expect(await spotify(owner.email)).toEqual({ ok: false, step: "callback", status: 307, code: REFUSED });
      expectRefusalRedirect(`This email "(${owner.email})" is already used for authentication by another account.`, {
        type: "email",
        contact_channel_value: owner.email,
        would_work_if_email_was_verified: false,
      });
      expect((await channelsOf(owner)).user.oauthProviders).toEqual([]);
    } finally {
      await setMergeStrategy("link_method");
    }
  });

  it("allow_duplicates: a second account keeps the proved address as a contact, not for sign-in", async () => {
    await setMergeStrategy("allow_duplicates");
    try {
      const owner = await createTestUser(server, { email: `${randomUUID()}@mock.example`, verified: false });
      const other = await spotify(owner.email);
      expect(other).toMatchObject({ ok: true, newUser: true });
      if (!other.ok) return;
      const { user, channels } = await channelsOf(other);
      expect(user.id).not.toBe(owner.userId);
      expect(channels).toEqual([{ value: owner.email, verified: true, auth: false }]);
      // The first account still signs in with the address and its password.
      const ownerApp = await clientApp(server);
      const result = await ownerApp.signInWithCredential({
        email: owner.email,
        password: owner.password,
        noRedirect: true,
      });
      expect(result.status).toBe("ok");
      expect((await ownerApp.getUser({ or: "throw" })).id).toBe(owner.userId);
    } finally {
      await setMergeStrategy("link_method");
    }
  });
});
