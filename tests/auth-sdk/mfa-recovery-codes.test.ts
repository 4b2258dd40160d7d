import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from "../../server/contract/mfa-recovery-codes.ts";
import { authMfaRecoveryCodesTable } from "../../server/db/schema/index.ts";
import {
  appProjectOf,
  clientApp,
  createTestUser,
  DIALECTS,
  serverHeaders,
  type TestUser,
} from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const recoveryCodes = (user: TestUser, method: "GET" | "POST") =>
  stackFetch(server, "/auth/mfa/recovery-codes", { method, access: "client", keys, accessToken: user.accessToken });

async function newCodes(user: TestUser): Promise<string[]> {
  const res = await recoveryCodes(user, "POST");
  expect(res.status, res.text).toBe(200);
  return (res.body as { codes: string[] }).codes;
}

async function remaining(user: TestUser): Promise<number> {
  const res = await recoveryCodes(user, "GET");
  expect(res.status, res.text).toBe(200);
  return (res.body as { remaining: number }).remaining;
}

async function attemptCodeOf(user: TestUser): Promise<string> {
  const res = await stackFetch(server, "/auth/password/sign-in", {
    access: "client",
    keys,
    body: { email: user.email, password: user.password },
  });
  expect((res.body as { code: string }).code, res.text).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
  return (res.body as { details: { attempt_code: string } }).details.attempt_code;
}

describe.each(DIALECTS)("MFA recovery codes through the SDK (%s dialect)", (dialect) => {
  it("signs in once with each code in place of the TOTP; a new set ends the old one", async () => {
    const test = await createTestUser(server);
    const app = await clientApp(server, { dialect, tokens: test });
    const user = await app.getUser({ or: "throw" });
    await user.update({ totpMultiFactorSecret: new Uint8Array(randomBytes(20)) });

    const codes = await newCodes(test);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(await remaining(test)).toBe(RECOVERY_CODE_COUNT);

    const [first, second] = codes as [string, string];
    const fresh = await clientApp(server, { dialect });
    const ok = await fresh.signInWithMfa(first, await attemptCodeOf(test), { noRedirect: true });
    expect(ok.status).toBe("ok");
    expect((await fresh.getUser({ or: "throw" })).id).toBe(test.userId);
    expect(await remaining(test)).toBe(RECOVERY_CODE_COUNT - 1);

    // The same code a second time, with a new attempt code: refused, and nothing else used up.
    const again = await (await clientApp(server, { dialect })).signInWithMfa(first, await attemptCodeOf(test), {
      noRedirect: true,
    });
    expect(again.status === "error" && again.error.errorCode).toBe("INVALID_TOTP_CODE");
    expect(await remaining(test)).toBe(RECOVERY_CODE_COUNT - 1);

    // Typed in capitals with spaces for the dash: still the code.
    const typed = second.toUpperCase().replace("-", " ");
    const loose = await (await clientApp(server, { dialect })).signInWithMfa(typed, await attemptCodeOf(test), {
      noRedirect: true,
    });
    expect(loose.status).toBe("ok");

    const renewed = await newCodes(test);
    expect(await remaining(test)).toBe(RECOVERY_CODE_COUNT);
    const old = await (await clientApp(server, { dialect })).signInWithMfa(codes[2] ?? "", await attemptCodeOf(test), {
      noRedirect: true,
    });
    expect(old.status === "error" && old.error.errorCode).toBe("INVALID_TOTP_CODE");
    const current = await (await clientApp(server, { dialect })).signInWithMfa(
      renewed[0] ?? "",
      await attemptCodeOf(test),
      { noRedirect: true },
    );
    expect(current.status).toBe("ok");
  });
});

describe("MFA recovery codes over HTTP", () => {
  it("are made only for a user with TOTP, and only for the signed-in user", async () => {
    const test = await createTestUser(server);
    const refused = await recoveryCodes(test, "POST");
    expect(refused.status).toBe(400);
    expect((refused.body as { code: string }).code).toBe("MFA_NOT_ENABLED");
    expect(await remaining(test)).toBe(0);

    const anonymous = await stackFetch(server, "/auth/mfa/recovery-codes", { method: "POST", access: "client", keys });
    expect((anonymous.body as { code: string }).code).toBe("SCHEMA_ERROR");
    const asServer = await stackFetch(server, "/auth/mfa/recovery-codes", {
      method: "POST",
      access: "server",
      keys,
      accessToken: test.accessToken,
    });
    expect(asServer.status).toBe(401);
  });

  it("keeps only keyed hashes, and turning TOTP off or an operator's reset ends the codes", async () => {
    const test = await createTestUser(server);
    const enable = () =>
      stackFetch(server, "/users/me", {
        method: "PATCH",
        access: "client",
        keys,
        accessToken: test.accessToken,
        body: { totp_secret_base64: randomBytes(20).toString("base64") },
      });
    expect((await enable()).status).toBe(200);
    const codes = await newCodes(test);
    const stored = await server.store.db
      .select()
      .from(authMfaRecoveryCodesTable)
      .where(eq(authMfaRecoveryCodesTable.userId, test.userId));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const dump = JSON.stringify(stored);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace("-", ""));
    }

    const off = await stackFetch(server, "/users/me", {
      method: "PATCH",
      access: "client",
      keys,
      accessToken: test.accessToken,
      body: { totp_secret_base64: null },
    });
    expect(off.status).toBe(200);
    expect(await remaining(test)).toBe(0);

    // The admin user page's "Reset MFA" is this server call.
    expect((await enable()).status).toBe(200);
    await newCodes(test);
    const reset = await server.request(`/auth/api/v1/users/${test.userId}`, {
      method: "PATCH",
      headers: serverHeaders(keys),
      body: JSON.stringify({ totp_secret_base64: null }),
    });
    expect(reset.status).toBe(200);
    expect(await remaining(test)).toBe(0);
  });

  it("refuses a code of another user, and anything that is not a code", async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    for (const user of [owner, other]) {
      await stackFetch(server, "/users/me", {
        method: "PATCH",
        access: "client",
        keys,
        accessToken: user.accessToken,
        body: { totp_secret_base64: randomBytes(20).toString("base64") },
      });
    }
    const [ownersCode] = await newCodes(owner);
    await newCodes(other);
    const attempt = await attemptCodeOf(other);
    const mfa = (totp: string) =>
      stackFetch(server, "/auth/mfa/sign-in", { access: "client", keys, body: { type: "totp", totp, code: attempt } });
    for (const value of [ownersCode ?? "", "zzzzz-zzzzz", "not a code", "12345"]) {
      const res = await mfa(value);
      expect((res.body as { code: string }).code, value).toBe("INVALID_TOTP_CODE");
    }
    expect(await remaining(owner)).toBe(RECOVERY_CODE_COUNT);
  });
});
