import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/api-client.ts";
import { DevBrowser, devProviderSignIn, signedIn } from "../helpers/dev-oauth.ts";
import { appProjectOf, clientApp, createTestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The account takeover of issue #16: with no GitHub or Google credentials, the development OAuth
 * provider let anyone type a victim's e-mail on its consent page and be signed in as the victim,
 * an operator included (it marked the address verified and link_method merged it).
 */
const victimEmail = `victim-${randomUUID()}@example.com`;
const unclaimedOperatorEmail = `boss-${randomUUID()}@example.com`;

async function isOperator(server: TestServer, accessToken: string): Promise<boolean> {
  const answer = await api(server, accessToken, "GET", "/admin/me");
  return (answer.data as { isAdmin: boolean }).isAdmin;
}

describe("on the default start (development mode on every address, no DEV_OAUTH_PROVIDER)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { NODE_ENV: "development", HOST: "0.0.0.0", ADMIN_EMAILS: victimEmail, AUTH_RATE_LIMITS: "false" },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses the takeover sequence: no provider to start it, no consent page to finish it", async () => {
    const victim = await createTestUser(server, { email: victimEmail, verified: true });
    expect(await isOperator(server, victim.accessToken)).toBe(true);

    const attack = await devProviderSignIn(server, await clientApp(server), { provider: "github", email: victimEmail });
    expect(attack).toEqual({
      ok: false,
      step: "authorize",
      status: 400,
      code: "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
    });
    const keys = await appProjectOf(server);
    const project = await stackFetch(server, "/projects/current", { access: "client", keys });
    expect(project.body).toMatchObject({ config: { enabled_oauth_providers: [] } });
    // The consent page itself is not served, so a flow started elsewhere cannot be finished here.
    expect(
      (await server.request("/auth/api/v1/auth/oauth/dev-provider/authorize?provider=github&state=x")).status,
    ).toBe(404);
    const forged = await server.request("/auth/api/v1/auth/oauth/dev-provider/authorize", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ provider: "github", state: "x", email: victimEmail, action: "allow" }),
    });
    expect(forged.status).toBe(404);
  });
});

describe("with DEV_OAUTH_PROVIDER=true on loopback", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        DEV_OAUTH_PROVIDER: "true",
        ADMIN_EMAILS: `${victimEmail},${unclaimedOperatorEmail}`,
        AUTH_RATE_LIMITS: "false",
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function switchMergeStrategy(strategy: "link_method" | "raise_error" | "allow_duplicates") {
    const res = await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys: await appProjectOf(server),
      body: { config: { oauth_account_merge_strategy: strategy } },
    });
    expect(res.status).toBe(200);
  }

  it("never signs in to or links with an account that already exists, whatever the merge strategy", async () => {
    const victim = await createTestUser(server, { email: victimEmail, verified: true });
    try {
      for (const strategy of ["link_method", "raise_error"] as const) {
        await switchMergeStrategy(strategy);
        for (const provider of ["github", "google"]) {
          const attack = await devProviderSignIn(server, await clientApp(server), { provider, email: victimEmail });
          expect(attack, `${strategy} ${provider}`).toEqual({
            ok: false,
            step: "callback",
            // A refused GET callback redirects with 307, as Stack's.
            status: 307,
            code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
          });
        }
      }
      // Separate accounts: the attacker gets one of their own, without the victim's address.
      await switchMergeStrategy("allow_duplicates");
      const other = signedIn(
        await devProviderSignIn(server, await clientApp(server), { provider: "github", email: victimEmail }),
      );
      expect(other.newUser).toBe(true);
      const user = await (await clientApp(server, { tokens: other })).getUser({ or: "throw" });
      expect(user.id).not.toBe(victim.userId);
      expect(user.primaryEmail).toBeNull();
      expect(await isOperator(server, other.accessToken)).toBe(false);
    } finally {
      await switchMergeStrategy("link_method");
    }

    // An anonymous session is not upgraded into the victim's address either.
    const anonymousApp = await clientApp(server);
    const anonymous = await anonymousApp.getUser({ or: "anonymous" });
    const upgrade = await devProviderSignIn(server, anonymousApp, { provider: "github", email: victimEmail });
    expect(upgrade).toMatchObject({
      ok: false,
      step: "callback",
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    });
    const still = await anonymousApp.getUser({ or: "anonymous" });
    expect([still.id, still.isAnonymous, still.primaryEmail]).toEqual([anonymous.id, true, null]);

    // The victim's own sign-in still works and the account gained no social connection.
    const victimApp = await clientApp(server);
    const result = await victimApp.signInWithCredential({
      email: victimEmail,
      password: victim.password,
      noRedirect: true,
    });
    expect(result.status).toBe("ok");
    const victimUser = await victimApp.getUser({ or: "throw" });
    expect(victimUser.oauthProviders).toEqual([]);
  });

  it("never marks an address verified, so an operator's address typed there makes no operator", async () => {
    const outcome = signedIn(
      await devProviderSignIn(server, await clientApp(server), { provider: "google", email: unclaimedOperatorEmail }),
    );
    expect(outcome.newUser).toBe(true);
    const user = await (await clientApp(server, { tokens: outcome })).getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(unclaimedOperatorEmail);
    expect(user.primaryEmailVerified).toBe(false);
    expect(await isOperator(server, outcome.accessToken)).toBe(false);
  });

  it("lets only the browser that made a development account back into it", async () => {
    const email = `dev-${randomUUID()}@example.com`;
    const mine = new DevBrowser();
    const first = signedIn(
      await devProviderSignIn(server, await clientApp(server), { provider: "github", email, browser: mine }),
    );
    expect(first.newUser).toBe(true);
    const again = signedIn(
      await devProviderSignIn(server, await clientApp(server), { provider: "github", email, browser: mine }),
    );
    expect(again.newUser).toBe(false);
    const ids = await Promise.all(
      [first, again].map(async (tokens) => (await (await clientApp(server, { tokens })).getUser({ or: "throw" })).id),
    );
    expect(ids[1]).toBe(ids[0]);

    const someoneElse = await devProviderSignIn(server, await clientApp(server), {
      provider: "github",
      email,
      browser: new DevBrowser(),
    });
    expect(someoneElse).toMatchObject({
      ok: false,
      step: "callback",
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    });
  });
});
