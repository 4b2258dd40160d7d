import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcSignIn } from "../helpers/oidc-browser.ts";
import { type IdpAccount, type RunningIdp, startIdp } from "../helpers/oidc-idp.ts";
import { appProjectOf, clientApp, createTestUser, DIALECTS } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let idp: RunningIdp;
const PROVIDER = "acme-sso";

async function configureProvider(oidc: Record<string, unknown> = {}) {
  const keys = await appProjectOf(server);
  const res = await stackFetch(server, "/internal/projects/current", {
    method: "PATCH",
    access: "admin",
    keys,
    body: {
      config: {
        oauth_providers: [
          {
            id: PROVIDER,
            type: "standard",
            client_id: idp.clientId,
            client_secret: idp.clientSecret,
            oidc: { issuer: idp.issuer, display_name: "Acme SSO", ...oidc },
          },
        ],
      },
    },
  });
  expect(res.status, res.text).toBe(200);
  return res;
}

function person(overrides: Partial<IdpAccount> = {}): IdpAccount {
  const id = randomUUID();
  const account = {
    sub: `sub-${id}`,
    username: `u-${id}`,
    password: `pw-${id}`,
    email: `${id}@acme.example`,
    emailVerified: true,
    name: "Ada Acme",
    ...overrides,
  };
  idp.addAccount(account);
  return account;
}

async function linkedAccounts(): Promise<number> {
  const rows = await server.store.db.execute(
    sql`select count(*)::int as n from auth_oauth_accounts where provider_id = ${PROVIDER}`,
  );
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n);
}

/** Log lines at warn or above, and any that carry a secret of the flow. */
function alarmingLogs(from: number, secrets: string[]): string[] {
  return server.logs
    .slice(from)
    .filter((line) => (JSON.parse(line) as { level: number }).level >= 40 || secrets.some((s) => line.includes(s)));
}

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", OUTBOUND_ALLOW: "127.0.0.1" } });
  idp = await startIdp({ redirectUris: [`${server.url}/auth/api/v1/auth/oauth/callback/${PROVIDER}`] });
  await configureProvider();
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

describe.each(DIALECTS)("sign-in through a generic OpenID Connect provider with the %s dialect", (dialect) => {
  it("creates the user from the verified ID token, then finds it again", async () => {
    const who = person();
    const first = await oidcSignIn(server, await clientApp(server, { dialect }), { provider: PROVIDER, ...who });
    expect(first).toMatchObject({ ok: true, newUser: true });
    if (!first.ok) return;
    const user = await (await clientApp(server, { dialect, tokens: first })).getUser({ or: "throw" });
    expect([user.primaryEmail, user.primaryEmailVerified, user.displayName]).toEqual([who.email, true, who.name]);
    const again = await oidcSignIn(server, await clientApp(server, { dialect }), { provider: PROVIDER, ...who });
    expect(again).toMatchObject({ ok: true, newUser: false });
    if (!again.ok) return;
    expect((await (await clientApp(server, { dialect, tokens: again })).getUser({ or: "throw" })).id).toBe(user.id);
  });

  it("joins the existing account of a verified address (link_method), with both sides verified", async () => {
    const existing = await createTestUser(server, { verified: true, email: `${randomUUID()}@acme.example` });
    const who = person({ email: existing.email });
    const result = await oidcSignIn(server, await clientApp(server, { dialect }), { provider: PROVIDER, ...who });
    expect(result).toMatchObject({ ok: true, newUser: false });
    if (!result.ok) return;
    expect((await (await clientApp(server, { dialect, tokens: result })).getUser({ or: "throw" })).id).toBe(
      existing.userId,
    );
  });
});

describe("hostile OpenID answers: a clear code, no account linked, nothing logged", () => {
  it("refuses an ID token not signed by the provider's published key", async () => {
    const who = person();
    const before = [await linkedAccounts(), server.logs.length] as const;
    idp.forgeIdTokens(true);
    try {
      const result = await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...who });
      expect(result).toMatchObject({ ok: false, step: "callback", code: "OIDC_ID_TOKEN_INVALID" });
    } finally {
      idp.forgeIdTokens(false);
    }
    expect(await linkedAccounts()).toBe(before[0]);
    expect(alarmingLogs(before[1], [who.password])).toEqual([]);
  });

  it("refuses an ID token issued for another sign-in (wrong nonce)", async () => {
    const who = person();
    const before = [await linkedAccounts(), server.logs.length] as const;
    const result = await oidcSignIn(server, await clientApp(server), {
      provider: PROVIDER,
      ...who,
      tamper: { nonce: "a-nonce-of-another-sign-in" },
    });
    expect(result).toMatchObject({ ok: false, step: "callback", code: "OIDC_NONCE_MISMATCH" });
    expect(await linkedAccounts()).toBe(before[0]);
    expect(alarmingLogs(before[1], [who.password])).toEqual([]);
  });

  it("refuses a state used once already (replayed callback)", async () => {
    const who = person();
    let callbackUrl = "";
    const first = await oidcSignIn(server, await clientApp(server), {
      provider: PROVIDER,
      ...who,
      onCallbackUrl: (url) => {
        callbackUrl = url;
      },
    });
    expect(first.ok).toBe(true);
    const before = [await linkedAccounts(), server.logs.length] as const;
    const replay = await fetch(callbackUrl, { redirect: "manual" });
    expect([replay.status, replay.headers.get("x-stack-known-error")]).toEqual([408, "OUTER_OAUTH_TIMEOUT"]);
    expect(await linkedAccounts()).toBe(before[0]);
    const code = new URL(callbackUrl).searchParams.get("code") ?? "";
    expect(alarmingLogs(before[1], [code])).toEqual([]);
  });

  it("refuses an answer that names another issuer (mix-up)", async () => {
    const who = person();
    const before = [await linkedAccounts(), server.logs.length] as const;
    const result = await oidcSignIn(server, await clientApp(server), {
      provider: PROVIDER,
      ...who,
      tamper: { iss: "https://evil.example/realms/acme" },
    });
    expect(result).toMatchObject({ ok: false, step: "callback", code: "OIDC_ISSUER_MISMATCH" });
    expect(await linkedAccounts()).toBe(before[0]);
    expect(alarmingLogs(before[1], [who.password])).toEqual([]);
  });

  it("does not hand an existing account to an unverified address claiming it", async () => {
    const existing = await createTestUser(server, { verified: true, email: `${randomUUID()}@acme.example` });
    const who = person({ email: existing.email, emailVerified: false });
    const before = [await linkedAccounts(), server.logs.length] as const;
    const result = await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...who });
    expect(result).toMatchObject({
      ok: false,
      step: "callback",
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    });
    expect(await linkedAccounts()).toBe(before[0]);
    expect(alarmingLogs(before[1], [who.password])).toEqual([]);
  });
});

describe("provider settings", () => {
  it("keeps the client secret sealed, shows it masked, and offers the provider with its name", async () => {
    const keys = await appProjectOf(server);
    const admin = await stackFetch(server, "/internal/projects/current", { access: "admin", keys });
    const provider = (
      admin.body as { config: { oauth_providers: { id: string; client_secret: string; oidc: unknown }[] } }
    ).config.oauth_providers.find((p) => p.id === PROVIDER);
    expect(provider?.client_secret).toBe("********");
    expect(provider?.oidc).toMatchObject({ issuer: idp.issuer, display_name: "Acme SSO" });
    expect(JSON.stringify(await server.store.db.execute(sql`select config from auth_projects`))).not.toContain(
      idp.clientSecret,
    );
    const client = await stackFetch(server, "/projects/current", { access: "client", keys });
    expect(
      (client.body as { config: { enabled_oauth_providers: unknown[] } }).config.enabled_oauth_providers,
    ).toContainEqual({
      id: PROVIDER,
      display_name: "Acme SSO",
    });
  });

  it("signs in only verified addresses of the allowed domains", async () => {
    await configureProvider({ email_domains: ["company.example"] });
    try {
      const outsider = person();
      expect(await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...outsider })).toMatchObject({
        ok: false,
        code: "OIDC_EMAIL_DOMAIN_NOT_ALLOWED",
      });
      const unverified = person({ email: `${randomUUID()}@company.example`, emailVerified: false });
      expect(await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...unverified })).toMatchObject({
        ok: false,
        code: "OIDC_EMAIL_DOMAIN_NOT_ALLOWED",
      });
      const insider = person({ email: `${randomUUID()}@company.example` });
      expect(await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...insider })).toMatchObject({
        ok: true,
      });
    } finally {
      await configureProvider();
    }
  });

  it("creates no user without just-in-time creation, but signs in a linked one", async () => {
    const known = person();
    expect(await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...known })).toMatchObject({
      ok: true,
    });
    await configureProvider({ jit_user_creation: false });
    try {
      const stranger = person();
      expect(await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...stranger })).toMatchObject({
        ok: false,
        code: "OIDC_SIGN_UP_DISABLED",
      });
      expect(await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...known })).toMatchObject({
        ok: true,
        newUser: false,
      });
    } finally {
      await configureProvider();
    }
  });

  it("requires single sign-on only for an operator who signs in through it", async () => {
    const keys = await appProjectOf(server);
    const switchPasswordOff = (operatorId: string) =>
      stackFetch(server, "/internal/projects/current", {
        method: "PATCH",
        access: "admin",
        keys,
        headers: { "x-console-operator-id": operatorId },
        body: { config: { credential_enabled: false } },
      });
    const passwordOnly = await createTestUser(server, { verified: true });
    const refused = await switchPasswordOff(passwordOnly.userId);
    expect([refused.status, refused.headers.get("x-stack-known-error")]).toEqual([400, "SSO_REQUIRES_LINKED_ADMIN"]);

    const who = person();
    const signedIn = await oidcSignIn(server, await clientApp(server), { provider: PROVIDER, ...who });
    if (!signedIn.ok) throw new Error(`sign-in stopped at ${signedIn.step}`);
    const operator = await (await clientApp(server, { tokens: signedIn })).getUser({ or: "throw" });
    try {
      expect((await switchPasswordOff(operator.id)).status).toBe(200);
      const client = await stackFetch(server, "/projects/current", { access: "client", keys });
      expect((client.body as { config: { credential_enabled: boolean } }).config.credential_enabled).toBe(false);
    } finally {
      await stackFetch(server, "/internal/projects/current", {
        method: "PATCH",
        access: "admin",
        keys,
        body: { config: { credential_enabled: true } },
      });
    }
  });

  it("refuses an id that is a built-in provider's, and an issuer the outbound rules refuse", async () => {
    const keys = await appProjectOf(server);
    const builtIn = await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: {
        config: {
          oauth_providers: [
            {
              id: "gitlab",
              type: "standard",
              client_id: "x",
              client_secret: "y",
              oidc: { issuer: idp.issuer, display_name: "X" },
            },
          ],
        },
      },
    });
    expect(builtIn.headers.get("x-stack-known-error")).toBe("SCHEMA_ERROR");

    // 127.0.0.2 is loopback but not in this server's OUTBOUND_ALLOW (127.0.0.1): discovery never leaves.
    const blocked = await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: {
        config: {
          oauth_providers: [
            {
              id: "blocked-sso",
              type: "standard",
              client_id: "x",
              client_secret: "y",
              oidc: { issuer: "http://127.0.0.2:9/realms/acme", display_name: "Blocked" },
            },
          ],
        },
      },
    });
    expect(blocked.status).toBe(200);
    try {
      const who = person();
      expect(await oidcSignIn(server, await clientApp(server), { provider: "blocked-sso", ...who })).toMatchObject({
        ok: false,
        step: "authorize",
        status: 403,
        code: "OUTBOUND_ADDRESS_NOT_ALLOWED",
      });
    } finally {
      await configureProvider();
    }
  });
});
