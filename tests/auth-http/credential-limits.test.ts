import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../server/auth/policy/rate-limit.ts";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { type StackResponse, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Limits on every endpoint that checks a credential or a code (issue #17): failures are counted
 * per client address and account (tight) and per account (loose), so a stranger hammering an
 * account is stopped while its owner still signs in from their own address.
 */
let server: TestServer;
let keys: AppProjectKeys;

beforeAll(async () => {
  // Behind one proxy: the last X-Forwarded-For entry is the client's address.
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "true", TRUST_PROXY: "true" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const from = (address: string) => ({ "x-forwarded-for": address });

const signIn = (user: TestUser, password: string, address: string) =>
  stackFetch(server, "/auth/password/sign-in", {
    access: "client",
    keys,
    headers: from(address),
    body: { email: user.email, password },
  });

function expectLimited(res: StackResponse): void {
  expect(res.status, res.text).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  // A plain 429 for the SDK (it waits out Retry-After), with the code in the body.
  expect(res.headers.get("x-stack-known-error")).toBeNull();
  expect((res.body as { code: string }).code).toBe("RATE_LIMITED");
}

describe("password sign-in", () => {
  it("stops a stranger's address after 10 wrong passwords, while the owner still signs in", async () => {
    const owner = await createTestUser(server);
    const pairLimit = LIMITS.failuresPerPair.points;
    for (let i = 0; i < pairLimit; i++) expect((await signIn(owner, "wrong", "203.0.113.66")).status).toBe(400);
    expectLimited(await signIn(owner, "wrong", "203.0.113.66"));
    // Even the right password is refused from the stranger's address until the window ends...
    expectLimited(await signIn(owner, owner.password, "203.0.113.66"));
    // ...but not from the owner's.
    expect((await signIn(owner, owner.password, "198.51.100.7")).status).toBe(200);
  });

  it("forgets an address's failures once it signs in", async () => {
    const owner = await createTestUser(server);
    const pairLimit = LIMITS.failuresPerPair.points;
    for (let i = 0; i < pairLimit - 1; i++) await signIn(owner, "typo", "198.51.100.8");
    expect((await signIn(owner, owner.password, "198.51.100.8")).status).toBe(200);
    for (let i = 0; i < pairLimit; i++) expect((await signIn(owner, "typo", "198.51.100.8")).status).toBe(400);
    expectLimited(await signIn(owner, "typo", "198.51.100.8"));
  });

  it("limits an account attacked from many addresses, and counts unknown e-mails alike", async () => {
    const owner = await createTestUser(server);
    const { points: perPair } = LIMITS.failuresPerPair;
    const addresses = Math.ceil(LIMITS.failuresPerAccount.points / perPair);
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < perPair; i++) await signIn(owner, "wrong", `192.0.2.${a + 1}`);
    }
    expectLimited(await signIn(owner, owner.password, "198.51.100.9"));
    // An e-mail nobody uses is limited the same way (no hint which accounts exist).
    const nobody = { ...owner, email: `nobody-${Date.now()}@example.com` };
    for (let i = 0; i < perPair; i++) expect((await signIn(nobody, "x", "203.0.113.70")).status).toBe(400);
    expectLimited(await signIn(nobody, "x", "203.0.113.70"));
  }, 120_000);
});

describe("password update", () => {
  it("refuses the 11th wrong old password, and then the right one from that address", async () => {
    const user = await createTestUser(server);
    const update = (old: string) =>
      stackFetch(server, "/auth/password/update", {
        access: "client",
        keys,
        accessToken: user.accessToken,
        headers: from("203.0.113.80"),
        body: { old_password: old, new_password: "a-new-password-1" },
      });
    for (let i = 0; i < LIMITS.failuresPerPair.points; i++) expect((await update("wrong")).status).toBe(400);
    expectLimited(await update("wrong"));
    expectLimited(await update(user.password));
  });
});

describe("TOTP second factor", () => {
  it("refuses the 11th wrong code for a user from one address, while the owner's address still signs in", async () => {
    const user = await createTestUser(server);
    const secret = randomBytes(20);
    const totp = () => new TOTP({ secret: Secret.fromHex(secret.toString("hex")) }).generate();
    const patch = await stackFetch(server, "/users/me", {
      method: "PATCH",
      access: "client",
      keys,
      accessToken: user.accessToken,
      body: { totp_secret_base64: secret.toString("base64") },
    });
    expect(patch.status, patch.text).toBe(200);
    const attemptCode = async (address: string) => {
      const res = await signIn(user, user.password, address);
      expect((res.body as { code: string }).code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
      return (res.body as { details: { attempt_code: string } }).details.attempt_code;
    };
    const mfa = (code: string, value: string, address: string) =>
      stackFetch(server, "/auth/mfa/sign-in", {
        access: "client",
        keys,
        headers: from(address),
        body: { type: "totp", totp: value, code },
      });
    // Half a million steps away from the right code: never inside the accepted window.
    const wrong = () => String((Number(totp()) + 500_000) % 1_000_000).padStart(6, "0");
    const strangers = await attemptCode("203.0.113.97");
    for (let i = 0; i < LIMITS.failuresPerPair.points; i++) {
      const res = await mfa(strangers, wrong(), "203.0.113.97");
      expect((res.body as { code: string }).code, res.text).toBe("INVALID_TOTP_CODE");
    }
    expectLimited(await mfa(strangers, wrong(), "203.0.113.97"));
    expectLimited(await mfa(strangers, totp(), "203.0.113.97"));
    const owners = await attemptCode("198.51.100.97");
    expect((await mfa(owners, totp(), "198.51.100.97")).status).toBe(200);
  }, 120_000);

  it("counts wrong recovery codes with wrong TOTP codes; a limited right one is refused and not used up", async () => {
    const user = await createTestUser(server);
    const patch = await stackFetch(server, "/users/me", {
      method: "PATCH",
      access: "client",
      keys,
      accessToken: user.accessToken,
      body: { totp_secret_base64: randomBytes(20).toString("base64") },
    });
    expect(patch.status, patch.text).toBe(200);
    const recovery = (method: "GET" | "POST") =>
      stackFetch(server, "/auth/mfa/recovery-codes", { method, access: "client", keys, accessToken: user.accessToken });
    const { codes } = (await recovery("POST")).body as { codes: string[] };
    const [right, later] = codes as [string, string];
    const attemptCode = async (address: string) => {
      const res = await signIn(user, user.password, address);
      expect((res.body as { code: string }).code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
      return (res.body as { details: { attempt_code: string } }).details.attempt_code;
    };
    const mfa = (code: string, value: string, address: string) =>
      stackFetch(server, "/auth/mfa/sign-in", {
        access: "client",
        keys,
        headers: from(address),
        body: { type: "totp", totp: value, code },
      });
    const strangers = await attemptCode("203.0.113.98");
    for (let i = 0; i < LIMITS.failuresPerPair.points; i++) {
      const res = await mfa(strangers, `wrong-${String(i).padStart(5, "0")}`, "203.0.113.98");
      expect((res.body as { code: string }).code, res.text).toBe("INVALID_TOTP_CODE");
    }
    expectLimited(await mfa(strangers, right, "203.0.113.98"));
    expect(((await recovery("GET")).body as { remaining: number }).remaining).toBe(codes.length);
    const owners = await attemptCode("198.51.100.98");
    expect((await mfa(owners, later, "198.51.100.98")).status).toBe(200);
    expect(((await recovery("GET")).body as { remaining: number }).remaining).toBe(codes.length - 1);
  }, 120_000);
});

describe("secret project keys", () => {
  it("stops an address after 100 wrong server or admin keys, right ones included; others are not affected", async () => {
    const asServer = (secretServerKey: string, address: string) =>
      stackFetch(server, "/users?limit=1", {
        access: "server",
        keys: { ...keys, secretServerKey },
        headers: from(address),
      });
    const asAdmin = (superSecretAdminKey: string, address: string) =>
      stackFetch(server, "/internal/projects/current", {
        access: "admin",
        keys: { ...keys, superSecretAdminKey },
        headers: from(address),
      });
    const limit = LIMITS.keyFailuresPerIp.points;
    for (let i = 0; i < limit; i++) {
      const res = await (i % 2
        ? asServer(`wrong-server-key-${i}`, "203.0.113.95")
        : asAdmin(`wrong-${i}`, "203.0.113.95"));
      expect(res.status, res.text).toBe(401);
    }
    expectLimited(await asServer("wrong-server-key", "203.0.113.95"));
    expectLimited(await asServer(keys.secretServerKey, "203.0.113.95"));
    expectLimited(await asAdmin(keys.superSecretAdminKey, "203.0.113.95"));
    expect((await asServer(keys.secretServerKey, "198.51.100.95")).status).toBe(200);
    expect((await asAdmin(keys.superSecretAdminKey, "198.51.100.95")).status).toBe(200);
  }, 120_000);
});

describe("keys, refresh tokens and codes", () => {
  it("limits failed API key checks per address; valid keys do not count", async () => {
    await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { allow_user_api_keys: true } },
    });
    const user = await createTestUser(server);
    const created = await stackFetch(server, "/user-api-keys", {
      access: "client",
      keys,
      accessToken: user.accessToken,
      body: { user_id: "me", description: "k", expires_at_millis: null },
    });
    const value = (created.body as { value: string }).value;
    const check = (apiKey: string) =>
      stackFetch(server, "/user-api-keys/check", {
        access: "server",
        keys,
        headers: from("203.0.113.90"),
        body: { api_key: apiKey },
      });
    for (let i = 0; i < 5; i++) expect((await check(value)).status).toBe(200);
    const limit = LIMITS.keyFailuresPerIp.points;
    for (let i = 0; i < limit; i++) expect((await check(`console_user_sk_unknown${i}`)).status).toBe(404);
    expectLimited(await check("console_user_sk_unknown"));
    expectLimited(await check(value));
  }, 120_000);

  it("limits failed refresh-token grants per address", async () => {
    const grant = () =>
      server.request("/auth/api/v1/auth/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...from("203.0.113.91") },
        body: `grant_type=refresh_token&client_id=${keys.projectId}&client_secret=${keys.publishableClientKey}&refresh_token=nope`,
      });
    for (let i = 0; i < LIMITS.keyFailuresPerIp.points; i++) expect((await grant()).status).toBe(401);
    expect((await grant()).status).toBe(429);
  }, 120_000);

  it("limits unknown CLI polling codes per address (waiting polls do not count)", async () => {
    const poll = () =>
      stackFetch(server, "/auth/cli/poll", {
        access: "client",
        keys,
        headers: from("203.0.113.93"),
        body: { polling_code: "nope" },
      });
    for (let i = 0; i < LIMITS.keyFailuresPerIp.points; i++) expect((await poll()).status).toBe(400);
    expectLimited(await poll());
  }, 120_000);

  it("gives every code endpoint one budget per address", async () => {
    const user = await createTestUser(server);
    const code = { code: "a".repeat(45) };
    const calls: Array<[string, unknown, string?]> = [
      ["/auth/password/reset/check-code", code],
      ["/auth/password/reset", { ...code, password: "a-new-password-1" }],
      ["/contact-channels/verify", code],
      ["/contact-channels/verify/check-code", code],
      ["/team-invitations/accept/check-code", code, user.accessToken],
      ["/team-invitations/accept", code, user.accessToken],
      ["/auth/otp/sign-in", code],
      ["/auth/otp/sign-in/check-code", code],
      ["/auth/mfa/sign-in", { ...code, type: "totp", totp: "000000" }],
      ["/auth/passkey/sign-in", { ...code, authentication_response: { id: "x", response: {} } }],
      ["/auth/cli/complete", { login_code: "nope", mode: "check" }],
      ["/integrations/credential-scanning/revoke", { api_key: "console_user_sk_unknown" }],
    ];
    await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { passkey_enabled: true } },
    });
    const send = ([path, body, accessToken]: [string, unknown, string?]) =>
      stackFetch(server, path, { access: "client", keys, accessToken, headers: from("203.0.113.92"), body });
    for (let i = 0; i < LIMITS.codeCheckPerIp.points; i++) {
      const res = await send(calls[i % calls.length] as [string, unknown, string?]);
      expect(res.status, `${calls[i % calls.length]?.[0]}: ${res.text}`).toBeLessThan(429);
    }
    const unlimited = [];
    for (const call of calls) if ((await send(call)).status !== 429) unlimited.push(call[0]);
    expect(unlimited).toEqual([]);
  }, 120_000);
});
