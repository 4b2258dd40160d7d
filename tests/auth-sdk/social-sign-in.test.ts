import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProjectOf, clientApp, DIALECTS, serverHeaders } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

type App = Awaited<ReturnType<typeof clientApp>>;

/**
 * The SDK's own OAuth code (its client interface: authorize URL, then the PKCE code exchange
 * through oauth4webapi). Only the browser parts (window.location, the verifier cookie) are played
 * by the test: it follows the redirects and submits the development provider's consent page.
 */
interface SdkInternals {
  _interface: {
    getOAuthUrl(options: Record<string, unknown>): Promise<string>;
    callOAuthCallback(options: Record<string, unknown>): Promise<{
      newUser: boolean;
      accessToken: string;
      refreshToken: string;
      afterCallbackRedirectUrl: string | null;
    }>;
  };
  _getSession(): Promise<unknown>;
}

async function signInWithDevProvider(
  app: App,
  provider: string,
  email: string,
  type: "authenticate" | "link" = "authenticate",
  providerScope?: string,
) {
  const internals = app as unknown as SdkInternals;
  const codeVerifier = randomBytes(48).toString("base64url");
  const codeChallenge = createHash("sha256").update(codeVerifier).digest("base64url");
  const state = randomBytes(16).toString("base64url");
  const redirectUrl = `${server.url}/handler/oauth-callback`;
  const authorizeUrl = new URL(
    await internals._interface.getOAuthUrl({
      provider,
      redirectUrl,
      errorRedirectUrl: `${server.url}/handler/error`,
      codeChallenge,
      state,
      type,
      providerScope,
      session: await internals._getSession(),
    }),
  );
  authorizeUrl.searchParams.set("stack_response_mode", "json");
  const authorize = await fetch(authorizeUrl);
  expect(authorize.status).toBe(200);
  const { location } = (await authorize.json()) as { location: string };

  const consentPage = await fetch(location);
  expect(consentPage.status).toBe(200);
  expect(await consentPage.text()).toContain("(development)");
  const consentUrl = new URL(location);
  const consent = await fetch(consentUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      provider,
      state: consentUrl.searchParams.get("state") ?? "",
      email,
      name: "Dev Person",
      action: "allow",
    }),
  });
  expect(consent.status).toBe(303);
  const callback = await fetch(consent.headers.get("location") ?? "", { redirect: "manual" });
  expect(callback.status).toBe(303);
  const back = new URL(callback.headers.get("location") ?? "");
  expect(back.origin + back.pathname).toBe(redirectUrl);
  expect(back.searchParams.get("state")).toBe(state);
  return internals._interface.callOAuthCallback({
    oauthParams: back.searchParams,
    redirectUri: redirectUrl,
    codeVerifier,
    state,
  });
}

describe.each(DIALECTS)("social sign-in through the development provider with the %s dialect", (dialect) => {
  it("creates a user on first sign-in and finds it again on the next", async () => {
    const email = `social-${randomUUID()}@example.com`;
    const first = await signInWithDevProvider(await clientApp(server, { dialect }), "github", email);
    expect(first.newUser).toBe(true);
    const signedIn = await clientApp(server, { dialect, tokens: first });
    const user = await signedIn.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(user.primaryEmailVerified).toBe(true);
    expect(user.displayName).toBe("Dev Person");
    expect(user.hasPassword).toBe(false);
    const serverView = await server.request(`/auth/api/v1/users/${user.id}`, {
      headers: serverHeaders(await appProjectOf(server)),
    });
    const { oauth_providers } = (await serverView.json()) as { oauth_providers: { id: string; email: string }[] };
    expect(oauth_providers).toEqual([expect.objectContaining({ id: "github", email })]);

    // A social user has no password until it sets one; then the e-mail signs in with it.
    expect(await user.setPassword({ password: "short" })).toMatchObject({ errorCode: "PASSWORD_TOO_SHORT" });
    expect(await user.setPassword({ password: "chosen-later-1" })).toBeUndefined();
    const byPassword = await clientApp(server, { dialect });
    expect(
      (await byPassword.signInWithCredential({ email, password: "chosen-later-1", noRedirect: true })).status,
    ).toBe("ok");

    const second = await signInWithDevProvider(await clientApp(server, { dialect }), "github", email);
    expect(second.newUser).toBe(false);
    const again = await (await clientApp(server, { dialect, tokens: second })).getUser({ or: "throw" });
    expect(again.id).toBe(user.id);
  });

  it("links Google to the account that has the same verified e-mail", async () => {
    const email = `merge-${randomUUID()}@example.com`;
    const app = await clientApp(server, { dialect });
    await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const passwordUser = await app.getUser({ or: "throw" });
    const social = await signInWithDevProvider(await clientApp(server, { dialect }), "google", email);
    expect(social.newUser).toBe(false);
    const merged = await (await clientApp(server, { dialect, tokens: social })).getUser({ or: "throw" });
    expect(merged.id).toBe(passwordUser.id);
  });

  it("links a provider account to the signed-in user", async () => {
    const app = await clientApp(server, { dialect });
    const email = `linker-${randomUUID()}@example.com`;
    await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const me = await app.getUser({ or: "throw" });
    const githubEmail = `gh-${randomUUID()}@example.com`;
    const linked = await signInWithDevProvider(app, "github", githubEmail, "link");
    expect(linked.newUser).toBe(false);
    expect((await (await clientApp(server, { dialect, tokens: linked })).getUser({ or: "throw" })).id).toBe(me.id);
    // Signing in with that GitHub account now finds the same user, not a new one.
    const later = await signInWithDevProvider(await clientApp(server, { dialect }), "github", githubEmail);
    expect(later.newUser).toBe(false);
    expect((await (await clientApp(server, { dialect, tokens: later })).getUser({ or: "throw" })).id).toBe(me.id);
  });

  it("hands out connected-account access tokens for the scopes granted, sealed at rest", async () => {
    const email = `connected-${randomUUID()}@example.com`;
    const signIn = await signInWithDevProvider(
      await clientApp(server, { dialect }),
      "github",
      email,
      "authenticate",
      "repo",
    );
    const app = await clientApp(server, { dialect, tokens: signIn });
    const user = await app.getUser({ or: "throw" });
    const connection = await user.getConnectedAccount("github", { scopes: ["repo"] });
    const token = (await connection?.getAccessToken()) as { accessToken: string } | undefined;
    expect(token?.accessToken).toMatch(/^dev_[0-9a-z]{40}$/);
    // Scopes that were never granted mean no token (the SDK then offers to link again).
    expect(await user.getConnectedAccount("github", { scopes: ["admin:org"] })).toBeNull();
    expect(await user.getConnectedAccount("google")).toBeNull();

    const keys = await appProjectOf(server);
    const asServer = await server.request(`/auth/api/v1/connected-accounts/${user.id}/github/access-token`, {
      method: "POST",
      headers: serverHeaders(keys),
      body: JSON.stringify({ scope: "repo email" }),
    });
    expect(((await asServer.json()) as { access_token: string }).access_token).toBe(token?.accessToken);
    const missing = await server.request(`/auth/api/v1/connected-accounts/${user.id}/github/access-token`, {
      method: "POST",
      headers: serverHeaders(keys),
      body: JSON.stringify({ scope: "delete_repo" }),
    });
    expect([missing.status, missing.headers.get("x-stack-known-error")]).toEqual([
      400,
      "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
    ]);
    const stored = await server.store.db.execute(
      sql`select access_token_sealed as sealed from auth_oauth_accounts where user_id = ${user.id}`,
    );
    const sealed = String((stored as { rows: { sealed: string }[] }).rows[0]?.sealed);
    expect(sealed.length).toBeGreaterThan(40);
    expect(sealed).not.toContain(token?.accessToken.slice(4));
  });

  it("answers a user without a social account with OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", async () => {
    const app = await clientApp(server, { dialect });
    await app.signUpWithCredential({
      email: `plain-${randomUUID()}@example.com`,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const user = await app.getUser({ or: "throw" });
    expect(await user.getConnectedAccount("github")).toBeNull();
    const res = await server.request(`/auth/api/v1/connected-accounts/${user.id}/github/access-token`, {
      method: "POST",
      headers: serverHeaders(await appProjectOf(server)),
      body: JSON.stringify({}),
    });
    expect(res.headers.get("x-stack-known-error")).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
  });

  it("upgrades an anonymous user", async () => {
    const app = await clientApp(server, { dialect });
    const anonymous = await app.getUser({ or: "anonymous" });
    expect(anonymous.isAnonymous).toBe(true);
    const email = `upgrade-${randomUUID()}@example.com`;
    const result = await signInWithDevProvider(app, "github", email);
    const upgraded = await (await clientApp(server, { dialect, tokens: result })).getUser({ or: "throw" });
    expect(upgraded.id).toBe(anonymous.id);
    expect(upgraded.isAnonymous).toBe(false);
    expect(upgraded.primaryEmail).toBe(email);
  });
});
