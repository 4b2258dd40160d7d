import { randomUUID } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenService } from "../../server/auth/crypto/tokens.ts";
import { clientApp, createTestUser, DIALECTS, serverApp } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let tokens: TokenService;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  // Signs with the server's own keys from the store, to hand the SDK an already expired token.
  tokens = new TokenService(server.store, () => `${server.url}/auth/api/v1`);
  await tokens.init();
});
afterAll(async () => {
  await server?.close();
});

async function expiredCopyOf(accessToken: string): Promise<string> {
  const claims = decodeJwt(accessToken) as Record<string, unknown>;
  return tokens.sign(
    {
      userId: String(claims.sub),
      projectId: String(claims.project_id),
      refreshTokenId: String(claims.refresh_token_id),
      displayName: (claims.name as string | null) ?? null,
      primaryEmail: (claims.email as string | null) ?? null,
      primaryEmailVerified: claims.email_verified === true,
      signedUpAt: new Date(Number(claims.signed_up_at) * 1000),
      isAnonymous: claims.is_anonymous === true,
      restrictedByAdmin: false,
    },
    -120,
  );
}

describe.each(DIALECTS)("tokens and sessions with the %s dialect", (dialect) => {
  it("refreshes an expired access token with the refresh token", async () => {
    const user = await createTestUser(server);
    const expired = await expiredCopyOf(user.accessToken);
    const expiredResponse = await server.request("/auth/api/v1/users/me", {
      headers: {
        "x-stack-access-type": "client",
        "x-stack-project-id": String(decodeJwt(expired).project_id),
        "x-stack-access-token": expired,
      },
    });
    expect(expiredResponse.headers.get("x-stack-known-error")).toBe("ACCESS_TOKEN_EXPIRED");

    const app = await clientApp(server, { dialect, tokens: { accessToken: expired, refreshToken: user.refreshToken } });
    const current = await app.getUser({ or: "throw" });
    expect(current.id).toBe(user.userId);
    const fresh = await current.currentSession.getTokens();
    expect(fresh.accessToken).not.toBe(expired);
    expect(Number(decodeJwt(fresh.accessToken ?? "").exp) * 1000).toBeGreaterThan(Date.now());
  });

  it("signs out when the refresh token is not valid", async () => {
    const user = await createTestUser(server);
    const expired = await expiredCopyOf(user.accessToken);
    const app = await clientApp(server, {
      dialect,
      tokens: { accessToken: expired, refreshToken: "0".repeat(45) },
    });
    expect(await app.getUser()).toBeNull();
  });

  it("signs up anonymously, then upgrades the same user with a password", async () => {
    const app = await clientApp(server, { dialect });
    const anonymous = await app.getUser({ or: "anonymous" });
    expect(anonymous.isAnonymous).toBe(true);
    expect(await app.getUser()).toBeNull();

    const email = `anon-${randomUUID()}@example.com`;
    const signUp = await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    expect(signUp.status).toBe("ok");
    const upgraded = await app.getUser({ or: "throw" });
    expect(upgraded.id).toBe(anonymous.id);
    expect(upgraded.isAnonymous).toBe(false);
    expect(upgraded.primaryEmail).toBe(email);
  });

  it("changing the password signs out the other sessions but keeps this one", async () => {
    const user = await createTestUser(server);
    const here = await clientApp(server, { dialect });
    expect(
      (await here.signInWithCredential({ email: user.email, password: user.password, noRedirect: true })).status,
    ).toBe("ok");
    const expired = await expiredCopyOf(user.accessToken);
    const elsewhere = () =>
      clientApp(server, { dialect, tokens: { accessToken: expired, refreshToken: user.refreshToken } });
    expect(await (await elsewhere()).getUser()).not.toBeNull();

    const me = await here.getUser({ or: "throw" });
    // updatePassword answers the known error it expects, or nothing when it worked.
    const wrong = await me.updatePassword({ oldPassword: "not-the-password", newPassword: "new-password-123" });
    expect(wrong?.errorCode).toBe("PASSWORD_CONFIRMATION_MISMATCH");
    expect(await me.updatePassword({ oldPassword: user.password, newPassword: "new-password-123" })).toBeUndefined();
    expect(await (await elsewhere()).getUser()).toBeNull();
    expect(await me.getActiveSessions()).toHaveLength(1);
    expect((await here.getUser())?.id).toBe(user.userId);
    const again = await clientApp(server, { dialect });
    const signIn = await again.signInWithCredential({
      email: user.email,
      password: "new-password-123",
      noRedirect: true,
    });
    expect(signIn.status).toBe("ok");
  });

  it("sets a first password for a user who had none", async () => {
    const server_ = await serverApp(server, { dialect });
    const email = `no-password-${randomUUID()}@example.com`;
    const created = await server_.createUser({ primaryEmail: email, primaryEmailAuthEnabled: true });
    const session = await created.createSession({ expiresInMillis: 3_600_000 });
    const app = await clientApp(server, { dialect, tokens: (await session.getTokens()) as never });
    const me = await app.getUser({ or: "throw" });
    expect(me.hasPassword).toBe(false);
    await expect(
      me.updatePassword({ oldPassword: "anything-123", newPassword: "first-password-123" }),
    ).rejects.toMatchObject({ errorCode: "USER_DOES_NOT_HAVE_PASSWORD" });
    expect(await me.setPassword({ password: "first-password-123" })).toBeUndefined();
    expect((await app.getUser({ or: "throw" })).hasPassword).toBe(true);
    const signIn = await (await clientApp(server, { dialect })).signInWithCredential({
      email,
      password: "first-password-123",
      noRedirect: true,
    });
    expect(signIn.status).toBe("ok");
  });

  it("lists sessions and revokes another one, but not the current one", async () => {
    const user = await createTestUser(server);
    const mine = await clientApp(server, { dialect });
    expect(
      (await mine.signInWithCredential({ email: user.email, password: user.password, noRedirect: true })).status,
    ).toBe("ok");
    const expired = await expiredCopyOf(user.accessToken);
    const before = await clientApp(server, {
      dialect,
      tokens: { accessToken: expired, refreshToken: user.refreshToken },
    });
    expect(await before.getUser()).not.toBeNull();

    const me = await mine.getUser({ or: "throw" });
    const sessions = await me.getActiveSessions();
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.isCurrentSession);
    const stranger = sessions.find((s) => !s.isCurrentSession);
    expect(current && stranger).toBeTruthy();
    await expect(me.revokeSession(current?.id ?? "")).rejects.toMatchObject({
      errorCode: "CANNOT_DELETE_CURRENT_SESSION",
    });
    await me.revokeSession(stranger?.id ?? "");
    expect(await me.getActiveSessions()).toHaveLength(1);

    // The revoked session can no longer refresh, so an app holding it ends up signed out.
    const after = await clientApp(server, {
      dialect,
      tokens: { accessToken: expired, refreshToken: user.refreshToken },
    });
    expect(await after.getUser()).toBeNull();
  });

  it("lets the server app list users page by page and start sessions", async () => {
    const srv = await serverApp(server, { dialect });
    const made = [] as string[];
    for (let i = 0; i < 3; i++)
      made.push((await createTestUser(server, { displayName: `Pager ${dialect} ${i}` })).userId);
    const page = await srv.listUsers({ limit: 2, query: `Pager ${dialect}` });
    expect(page).toHaveLength(2);
    expect(page.nextCursor).toBeTruthy();
    const rest = await srv.listUsers({ limit: 2, query: `Pager ${dialect}`, cursor: page.nextCursor ?? undefined });
    expect([...page, ...rest].map((u) => u.id).sort()).toEqual([...made].sort());

    const user = await srv.getUser(made[0] ?? "");
    const session = await user?.createSession({ expiresInMillis: 60_000 });
    const tokensOfSession = await session?.getTokens();
    const app = await clientApp(server, {
      dialect,
      tokens: { accessToken: tokensOfSession?.accessToken ?? "", refreshToken: tokensOfSession?.refreshToken ?? "" },
    });
    expect((await app.getUser({ or: "throw" })).id).toBe(made[0]);
  });
});
