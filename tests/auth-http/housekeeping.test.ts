import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TokenService } from "../../server/auth/crypto/tokens.ts";
import { sweepExpired } from "../../server/auth/jobs/janitor.ts";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

describe("housekeeping", () => {
  it("deletes expired sessions and long-expired codes, and keeps the rest", async () => {
    const alive = await createTestUser(server);
    const gone = await createTestUser(server);
    await server.store.query(
      "update auth_refresh_tokens set expires_at = now() - interval '1 minute' where user_id = $1",
      [gone.userId],
    );
    await sweepExpired(server.store);
    const rows = await server.store.query<{ user_id: string }>("select user_id from auth_refresh_tokens");
    expect(rows.map((r) => r.user_id)).toContain(alive.userId);
    expect(rows.map((r) => r.user_id)).not.toContain(gone.userId);
  });
});

describe("signing key rotation", () => {
  it("publishes a successor beside the signing key, promotes it after 90 days, then retires the old key", async () => {
    const keys = await appProjectOf(server);
    const user = await createTestUser(server);
    const oldKid = decodeProtectedHeader(user.accessToken).kid;
    // A second instance of the service on the same store, as another server process would be.
    const tokens = new TokenService(server.store, () => `${server.url}/auth/api/v1`);
    await tokens.init();
    const before = (await tokens.jwks()).keys.map((k) => k.kid);
    expect(before).toHaveLength(2);
    expect(before).toContain(oldKid);
    const successorKid = before.find((k) => k !== oldKid);
    const subject = {
      userId: user.userId,
      projectId: keys.projectId,
      refreshTokenId: "00000000-0000-4000-8000-000000000001",
      displayName: null,
      primaryEmail: user.email,
      primaryEmailVerified: false,
      signedUpAt: new Date(),
      isAnonymous: false,
      restrictedByAdmin: false,
    };
    expect(decodeProtectedHeader(await tokens.sign(subject)).kid).toBe(oldKid);

    // 91 days later a new successor is added and the published one signs; the old key still verifies.
    await server.store.query(
      "update auth_signing_keys set created_at = created_at - interval '91 days' where audience = 'users'",
    );
    await tokens.rotate();
    const published = (await tokens.jwks()).keys.map((k) => k.kid);
    expect(published).toHaveLength(3);
    const newKid = published.find((k) => k !== oldKid && k !== successorKid);
    expect(decodeProtectedHeader(await tokens.sign(subject)).kid).toBe(successorKid);
    await expect(tokens.verify(user.accessToken, keys.projectId)).resolves.toMatchObject({ sub: user.userId });
    // A rotation soon after changes nothing: the old key may still have signed valid tokens elsewhere.
    await tokens.rotate();
    expect((await tokens.jwks()).keys).toHaveLength(3);

    // Once no token of the old key can be valid, it is retired, with the tokens it signed.
    await server.store.query("update auth_signing_keys set created_at = now() - interval '2 hours' where kid = $1", [
      newKid,
    ]);
    await tokens.rotate();
    expect((await tokens.jwks()).keys.map((k) => k.kid).sort()).toEqual([newKid, successorKid].sort());
    await expect(tokens.verify(user.accessToken, keys.projectId)).rejects.toMatchObject({
      code: "UNPARSABLE_ACCESS_TOKEN",
    });

    // The running server learns of the retirement from the store and accepts the promoted key's tokens.
    // (It looks at most once a second, so the first tries may come too soon: polled, not slept.)
    const fresh = await tokens.sign(subject);
    await vi.waitFor(
      async () => {
        const res = await stackFetch(server, "/users/me", { access: "client", keys, accessToken: fresh });
        expect(res.status, res.text).toBe(200);
      },
      { timeout: 10_000, interval: 200 },
    );
    const stale = await stackFetch(server, "/users/me", { access: "client", keys, accessToken: "x.y.z" });
    expect(knownError(stale).code).toBe("UNPARSABLE_ACCESS_TOKEN");
  });

  it("signs anonymous users' tokens with keys of their own, listed only with include_anonymous", async () => {
    const keys = await appProjectOf(server);
    const user = await createTestUser(server);
    const anon = await stackFetch(server, "/auth/anonymous/sign-up", { access: "client", keys, body: {} });
    expect(anon.status).toBe(200);
    const anonToken = (anon.body as { access_token: string }).access_token;
    const anonKid = decodeProtectedHeader(anonToken).kid;
    expect(anonKid).not.toBe(decodeProtectedHeader(user.accessToken).kid);
    const kidsOf = async (query: string) => {
      const res = await stackFetch(server, `/projects/${keys.projectId}/.well-known/jwks.json${query}`);
      expect(res.status).toBe(200);
      return (res.body as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    };
    const plain = await kidsOf("");
    const restricted = await kidsOf("?include_restricted=true");
    const all = await kidsOf("?include_anonymous=true");
    expect(plain).toHaveLength(2);
    expect(new Set(restricted).size).toBe(4);
    expect(new Set(all).size).toBe(6);
    expect(plain).toContain(decodeProtectedHeader(user.accessToken).kid);
    expect(plain).not.toContain(anonKid);
    expect(restricted).not.toContain(anonKid);
    expect(all).toContain(anonKid);
    // The anonymous user's token works where anonymous users are allowed.
    const me = await stackFetch(server, "/users/me", {
      access: "client",
      keys,
      accessToken: anonToken,
      headers: { "x-stack-allow-anonymous-user": "true" },
    });
    expect(me.status, me.text).toBe(200);
    const bad = await stackFetch(server, "/projects/x/.well-known/jwks.json?include_anonymous=yes");
    expect(knownError(bad).code).toBe("SCHEMA_ERROR");
  });
});
