import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DevBrowser, devProviderSignIn, signedIn } from "../helpers/dev-oauth.ts";
import { appProjectOf, clientApp, DIALECTS, serverHeaders } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", DEV_OAUTH_PROVIDER: "true" } });
});
afterAll(async () => {
  await server?.close();
});

type App = Awaited<ReturnType<typeof clientApp>>;

/** One browser for every sign-in of this file, so its development accounts let it back in. */
const browser = new DevBrowser();

async function signInWithDevProvider(
  app: App,
  provider: string,
  email: string,
  type: "authenticate" | "link" = "authenticate",
  providerScope?: string,
) {
  return signedIn(await devProviderSignIn(server, app, { provider, email, type, providerScope, browser }));
}

describe.each(DIALECTS)("social sign-in through the development provider with the %s dialect", (dialect) => {
  it("creates a user on first sign-in and finds it again on the next", async () => {
    const email = `social-${randomUUID()}@example.com`;
    const first = await signInWithDevProvider(await clientApp(server, { dialect }), "github", email);
    expect(first.newUser).toBe(true);
    const signedIn = await clientApp(server, { dialect, tokens: first });
    const user = await signedIn.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    // The development provider proves nothing, so the address is not taken as verified.
    expect(user.primaryEmailVerified).toBe(false);
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

  it("does not merge into the account that has the same e-mail (the provider proves nothing)", async () => {
    const email = `merge-${randomUUID()}@example.com`;
    const app = await clientApp(server, { dialect });
    await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const refused = await devProviderSignIn(server, await clientApp(server, { dialect }), {
      provider: "google",
      email,
      browser,
    });
    expect(refused).toMatchObject({
      ok: false,
      step: "callback",
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    });
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
