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
  it("publishes a successor ahead, switches to it, then retires the old key", async () => {
    const keys = await appProjectOf(server);
    const user = await createTestUser(server);
    const oldKid = decodeProtectedHeader(user.accessToken).kid;
    // A second instance of the service on the same store, as another server process would be.
    const tokens = new TokenService(server.store, () => `${server.url}/auth/api/v1`);
    await tokens.init();
    expect((await tokens.jwks()).keys.map((k) => k.kid)).toEqual([oldKid]);

    // 91 days later the key gets a successor, published but not yet signing.
    await server.store.query("update auth_signing_keys set created_at = now() - interval '91 days'");
    await tokens.rotate();
    const published = (await tokens.jwks()).keys.map((k) => k.kid);
    expect(published).toHaveLength(2);
    const newKid = published.find((k) => k !== oldKid);
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

    // Two hours on, the successor signs and the old key is gone, with the tokens it signed.
    await server.store.query("update auth_signing_keys set created_at = now() - interval '2 hours' where kid = $1", [
      newKid,
    ]);
    await tokens.rotate();
    expect((await tokens.jwks()).keys.map((k) => k.kid)).toEqual([newKid]);
    expect(decodeProtectedHeader(await tokens.sign(subject)).kid).toBe(newKid);
    await expect(tokens.verify(user.accessToken, keys.projectId)).rejects.toMatchObject({
      code: "UNPARSABLE_ACCESS_TOKEN",
    });

    // The running server learns the new key from the store when it meets a token signed with it.
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
});
