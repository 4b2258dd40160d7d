import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TotpSecrets } from "../../server/auth/stores/totp-secrets.ts";
import { authUsersTable } from "../../server/db/schema/index.ts";
import { loadMasterKey } from "../../server/lib/envelope.ts";
import { Vault } from "../../server/lib/vault.ts";
import { appProjectOf, clientApp, createTestUser, DIALECTS, serverHeaders } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

const totpOf = (secret: Uint8Array) => new TOTP({ secret: Secret.fromHex(Buffer.from(secret).toString("hex")) });

async function clientHeaders(): Promise<Record<string, string>> {
  const keys = await appProjectOf(server);
  return {
    "content-type": "application/json",
    "x-stack-access-type": "client",
    "x-stack-project-id": keys.projectId,
    "x-stack-publishable-client-key": keys.publishableClientKey,
  };
}

async function passwordSignIn(email: string, password: string): Promise<Response> {
  return server.request("/auth/api/v1/auth/password/sign-in", {
    method: "POST",
    headers: await clientHeaders(),
    body: JSON.stringify({ email, password }),
  });
}

async function attemptCodeOf(email: string, password: string): Promise<string> {
  const res = await passwordSignIn(email, password);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { code: string; details: { attempt_code: string } };
  expect(body.code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
  expect(body.details.attempt_code).toMatch(/^[a-z0-9]{45}$/);
  return body.details.attempt_code;
}

describe.each(DIALECTS)("TOTP multi-factor with the %s dialect", (dialect) => {
  it("enabling TOTP makes password sign-in ask for the code; signInWithMfa finishes it once", async () => {
    const test = await createTestUser(server);
    const app = await clientApp(server, { dialect, tokens: test });
    const secret = new Uint8Array(randomBytes(20));
    const user = await app.getUser({ or: "throw" });
    expect(user.isMultiFactorRequired).toBe(false);
    await user.update({ totpMultiFactorSecret: secret });
    expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(true);

    const attemptCode = await attemptCodeOf(test.email, test.password);
    const fresh = await clientApp(server, { dialect });
    const bad = await fresh.signInWithMfa("000000", attemptCode, { noRedirect: true });
    expect(bad.status === "error" && bad.error.errorCode).toBe("INVALID_TOTP_CODE");
    expect(await fresh.getUser()).toBeNull();

    const ok = await fresh.signInWithMfa(totpOf(secret).generate(), attemptCode, { noRedirect: true });
    expect(ok.status).toBe("ok");
    expect((await fresh.getUser({ or: "throw" })).id).toBe(test.userId);

    // The attempt code is used up by the successful second factor.
    const again = await (await clientApp(server, { dialect })).signInWithMfa(totpOf(secret).generate(), attemptCode, {
      noRedirect: true,
    });
    expect(again.status).toBe("error");
  });

  it("disabling TOTP lets password sign-in through again", async () => {
    const test = await createTestUser(server);
    const app = await clientApp(server, { dialect, tokens: test });
    const user = await app.getUser({ or: "throw" });
    await user.update({ totpMultiFactorSecret: new Uint8Array(randomBytes(20)) });
    await attemptCodeOf(test.email, test.password);
    await user.update({ totpMultiFactorSecret: null });
    expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(false);
    const signIn = await (await clientApp(server, { dialect })).signInWithCredential({
      email: test.email,
      password: test.password,
      noRedirect: true,
    });
    expect(signIn.status).toBe("ok");
  });
});

describe("MFA over HTTP", () => {
  it("answers the recorded errors: unknown attempt code, bad TOTP, bad secret, wrong body", async () => {
    const headers = await clientHeaders();
    const mfa = (body: unknown) =>
      server.request("/auth/api/v1/auth/mfa/sign-in", { method: "POST", headers, body: JSON.stringify(body) });
    const unknown = await mfa({ type: "totp", totp: "000000", code: "a".repeat(45) });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe("VERIFICATION_CODE_NOT_FOUND");

    const test = await createTestUser(server);
    const secret = randomBytes(20);
    const patch = await server.request("/auth/api/v1/users/me", {
      method: "PATCH",
      headers: { ...headers, "x-stack-access-token": test.accessToken },
      body: JSON.stringify({ totp_secret_base64: secret.toString("base64") }),
    });
    expect(patch.status).toBe(200);
    expect(((await patch.json()) as { requires_totp_mfa: boolean }).requires_totp_mfa).toBe(true);

    const attemptCode = await attemptCodeOf(test.email, test.password);
    const empty = await mfa({ type: "totp", totp: "", code: attemptCode });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      code: "INVALID_TOTP_CODE",
      error: "The TOTP code is invalid. Please try again.",
    });
    const wrongType = await mfa({ type: "sms", totp: "000000", code: attemptCode });
    expect(((await wrongType.json()) as { code: string }).code).toBe("SCHEMA_ERROR");

    const badSecret = await server.request("/auth/api/v1/users/me", {
      method: "PATCH",
      headers: { ...headers, "x-stack-access-token": test.accessToken },
      body: JSON.stringify({ totp_secret_base64: "c2hvcnQ=" }),
    });
    expect(badSecret.status).toBe(400);
  });

  it("marks the access tokens of a user with TOTP with requires_totp_mfa", async () => {
    const headers = await clientHeaders();
    const test = await createTestUser(server);
    const claim = async () => {
      const session = await server.request("/auth/api/v1/auth/sessions", {
        method: "POST",
        headers: serverHeaders(await appProjectOf(server)),
        body: JSON.stringify({ user_id: test.userId }),
      });
      const { access_token } = (await session.json()) as { access_token: string };
      const payload = JSON.parse(Buffer.from(access_token.split(".")[1] ?? "", "base64url").toString("utf8"));
      return (payload as { requires_totp_mfa: boolean }).requires_totp_mfa;
    };
    expect(await claim()).toBe(false);
    await server.request("/auth/api/v1/users/me", {
      method: "PATCH",
      headers: { ...headers, "x-stack-access-token": test.accessToken },
      body: JSON.stringify({ totp_secret_base64: randomBytes(20).toString("base64") }),
    });
    expect(await claim()).toBe(true);
  });

  it("keeps the TOTP secret sealed at rest, and seals one an older version stored in plain", async () => {
    const headers = await clientHeaders();
    const test = await createTestUser(server);
    const secret = new Uint8Array(randomBytes(20));
    const base64 = Buffer.from(secret).toString("base64");
    await server.request("/auth/api/v1/users/me", {
      method: "PATCH",
      headers: { ...headers, "x-stack-access-token": test.accessToken },
      body: JSON.stringify({ totp_secret_base64: base64 }),
    });
    const stored = async () =>
      (await server.store.db.select().from(authUsersTable).where(eq(authUsersTable.id, test.userId)))[0]?.totpSecret;
    expect(await stored()).toMatch(/^v1\./);
    expect(await stored()).not.toContain(base64);

    // As an older version left it: plain base64. Start-up seals it; the second factor still works.
    await server.store.db.update(authUsersTable).set({ totpSecret: base64 }).where(eq(authUsersTable.id, test.userId));
    const vault = new Vault(
      server.store.db,
      loadMasterKey({ secretsMasterKey: server.env.SECRETS_MASTER_KEY, dataDir: server.env.DATA_DIR ?? "" }),
    );
    expect(await new TotpSecrets(vault).sealLegacy(server.store)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toMatch(/^v1\./);
    const attemptCode = await attemptCodeOf(test.email, test.password);
    const done = await server.request("/auth/api/v1/auth/mfa/sign-in", {
      method: "POST",
      headers,
      body: JSON.stringify({ type: "totp", totp: totpOf(secret).generate(), code: attemptCode }),
    });
    expect(done.status).toBe(200);
    // As Stack: a second factor only exists on an account that was there before.
    expect(((await done.json()) as { is_new_user?: boolean }).is_new_user).toBe(false);
  });

  it("counts every TOTP try against the attempt code", async () => {
    const headers = await clientHeaders();
    const test = await createTestUser(server);
    const secret = randomBytes(20);
    await server.request("/auth/api/v1/users/me", {
      method: "PATCH",
      headers: { ...headers, "x-stack-access-token": test.accessToken },
      body: JSON.stringify({ totp_secret_base64: secret.toString("base64") }),
    });
    const attemptCode = await attemptCodeOf(test.email, test.password);
    const mfa = (totp: string) =>
      server.request("/auth/api/v1/auth/mfa/sign-in", {
        method: "POST",
        headers,
        body: JSON.stringify({ type: "totp", totp, code: attemptCode }),
      });
    const right = totpOf(new Uint8Array(secret)).generate();
    // A wrong guess that happens to equal the right code would make this test meaningless.
    const wrong = right === "123456" ? "654321" : "123456";
    for (let i = 0; i < 20; i++) {
      expect(((await (await mfa(wrong)).json()) as { code: string }).code).toBe("INVALID_TOTP_CODE");
    }
    // Past the limit even the right code is refused.
    const late = await mfa(right);
    expect(((await late.json()) as { code: string }).code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });
});
