import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The two refreshes (the SDK's token grant and Stack's legacy endpoint): a new access token for
 * the live session, the session and its user marked used, nothing for a token that is not one.
 */
let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const tokenGrant = (refreshToken: string) =>
  stackFetch(server, "/auth/oauth/token", {
    body: {
      grant_type: "refresh_token",
      client_id: keys.projectId,
      client_secret: keys.publishableClientKey,
      refresh_token: refreshToken,
    },
  });
const legacyRefresh = (refreshToken: string) =>
  stackFetch(server, "/auth/sessions/current/refresh", { method: "POST", access: "client", keys, refreshToken });

async function sessionLastUsed(user: TestUser): Promise<number> {
  const res = await stackFetch(server, "/auth/sessions?user_id=me", {
    access: "client",
    keys,
    accessToken: user.accessToken,
  });
  expect(res.status).toBe(200);
  const items = (res.body as { items: { last_used_at: number }[] }).items;
  expect(items).toHaveLength(1);
  return items[0]?.last_used_at ?? 0;
}

async function userLastActive(user: TestUser): Promise<number> {
  const res = await stackFetch(server, `/users/${user.userId}`, { access: "server", keys });
  expect(res.status).toBe(200);
  return (res.body as { last_active_at_millis: number }).last_active_at_millis;
}

/** A timestamp strictly later than `after`, without sleeping on a timer. */
async function laterThan(after: number): Promise<void> {
  await expect.poll(() => Date.now()).toBeGreaterThan(after);
}

describe.each([
  ["the token grant", tokenGrant],
  ["the legacy refresh", legacyRefresh],
] as const)("%s", (_name, refresh) => {
  it("answers an access token for the session and marks the session and its user used", async () => {
    const user = await createTestUser(server);
    const usedBefore = await sessionLastUsed(user);
    const activeBefore = await userLastActive(user);
    await laterThan(Math.max(usedBefore, activeBefore));
    const res = await refresh(user.refreshToken);
    expect(res.status, res.text).toBe(200);
    const accessToken = (res.body as { access_token: string }).access_token;
    const payload = JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()) as {
      sub: string;
    };
    expect(payload.sub).toBe(user.userId);
    // The new token works, and the session it names is the one the refresh token belongs to.
    expect(await sessionLastUsed({ ...user, accessToken })).toBeGreaterThan(usedBefore);
    expect(await userLastActive(user)).toBeGreaterThan(activeBefore);
  });

  it("refuses a token that is no session's, and one whose session was revoked", async () => {
    const unknown = await refresh("not-a-refresh-token-of-anyone-at-all-0123456789");
    expect(unknown.status).toBe(401);
    expect(knownError(unknown).code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");

    const user = await createTestUser(server);
    const signOut = await stackFetch(server, "/auth/sessions/current", {
      method: "DELETE",
      access: "client",
      keys,
      accessToken: user.accessToken,
    });
    expect(signOut.status).toBe(200);
    const revoked = await refresh(user.refreshToken);
    expect(revoked.status).toBe(401);
    expect(knownError(revoked).code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});
