import { randomUUID } from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProjectOf, clientApp, DIALECTS, serverApp } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

describe.each(DIALECTS)("password sign-up, sign-in and sessions with the %s dialect", (dialect) => {
  it("signs up, reads and updates the user, signs out and in again", async () => {
    const app = await clientApp(server, { dialect });
    const email = `sdk-${randomUUID()}@example.com`;
    const signUp = await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    expect(signUp.status).toBe("ok");

    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(user.hasPassword).toBe(true);
    expect(user.isAnonymous).toBe(false);

    await user.update({ displayName: "Ada", clientMetadata: { theme: "dark" } });
    const again = await app.getUser({ or: "throw" });
    expect(again.displayName).toBe("Ada");
    expect(again.clientMetadata).toEqual({ theme: "dark" });

    await again.signOut({ redirectUrl: "/" }).catch(() => undefined);
    expect(await app.getUser()).toBeNull();

    const wrong = await app.signInWithCredential({ email, password: "wrong-password-1", noRedirect: true });
    expect(wrong.status).toBe("error");
    if (wrong.status === "error") expect(wrong.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH");

    const unknown = await app.signInWithCredential({
      email: `nobody-${randomUUID()}@example.com`,
      password: "whatever-123",
      noRedirect: true,
    });
    expect(unknown.status).toBe("error");
    if (unknown.status === "error") expect(unknown.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH");

    const signIn = await app.signInWithCredential({ email, password: "correct-horse-1", noRedirect: true });
    expect(signIn.status).toBe("ok");
    expect((await app.getUser({ or: "throw" })).displayName).toBe("Ada");
  });

  it("rejects short and long passwords with the SDK's errors", async () => {
    const app = await clientApp(server, { dialect });
    const short = await app.signUpWithCredential({
      email: `s-${randomUUID()}@example.com`,
      password: "short",
      noRedirect: true,
      noVerificationCallback: true,
    });
    expect(short.status === "error" && short.error.errorCode).toBe("PASSWORD_TOO_SHORT");
    const long = await app.signUpWithCredential({
      email: `l-${randomUUID()}@example.com`,
      password: "x".repeat(71),
      noRedirect: true,
      noVerificationCallback: true,
    });
    expect(long.status === "error" && long.error.errorCode).toBe("PASSWORD_TOO_LONG");
  });

  it("issues access tokens that verify with jose against the JWKS", async () => {
    const app = await clientApp(server, { dialect });
    const email = `jwt-${randomUUID()}@example.com`;
    await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const user = await app.getUser({ or: "throw" });
    const { accessToken } = await user.currentSession.getTokens();
    const keys = await appProjectOf(server);
    const jwks = createRemoteJWKSet(
      new URL(`${server.url}/auth/api/v1/projects/${keys.projectId}/.well-known/jwks.json`),
    );
    const { payload, protectedHeader } = await jwtVerify(accessToken ?? "", jwks, { audience: keys.projectId });
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload.sub).toBe(user.id);
    expect(payload.email).toBe(email);
    expect(Object.keys(payload).sort()).toEqual(
      [
        "aud",
        "branch_id",
        "email",
        "email_verified",
        "exp",
        "iat",
        "is_anonymous",
        "is_restricted",
        "iss",
        "name",
        "project_id",
        "refresh_token_id",
        "requires_totp_mfa",
        "restricted_reason",
        "role",
        "selected_team_id",
        "signed_up_at",
        "sub",
      ].sort(),
    );
    expect(Number(payload.exp) - Number(payload.iat)).toBe(600);
  });

  it("lets the server app create users and set read-only metadata", async () => {
    const srv = await serverApp(server, { dialect });
    const email = `srv-${randomUUID()}@example.com`;
    const created = await srv.createUser({
      primaryEmail: email,
      password: "server-made-1",
      primaryEmailAuthEnabled: true,
    });
    await created.setClientReadOnlyMetadata({ plan: "pro" });
    const fetched = await srv.getUser(created.id);
    expect(fetched?.clientReadOnlyMetadata).toEqual({ plan: "pro" });

    const app = await clientApp(server, { dialect });
    const signIn = await app.signInWithCredential({ email, password: "server-made-1", noRedirect: true });
    expect(signIn.status).toBe("ok");
    expect((await app.getUser({ or: "throw" })).clientReadOnlyMetadata).toEqual({ plan: "pro" });

    await fetched?.delete();
    expect(await srv.getUser(created.id)).toBeNull();
  });
});
