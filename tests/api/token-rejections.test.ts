import { decodeJwt, importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SOCKET_CLOSE } from "../../server/contract/ws.ts";
import { appProjectOf, createTestUser, serverHeaders, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/**
 * A token exactly like the auth service's own, signed with its current key from the store, but
 * with the lifetime the test needs: the only way to hold a genuinely expired or expiring token.
 */
async function tokenExpiringIn(seconds: number, like: string): Promise<string> {
  const [key] = await server.store.query<{ kid: string; private_jwk: JWK }>(
    "SELECT kid, private_jwk FROM auth_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1",
  );
  if (!key) throw new Error("no signing key in the store");
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...decodeJwt(like), iat: now - 600, exp: now + seconds };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .sign(await importJWK(key.private_jwk, "ES256"));
}

function socketClose(headers: Record<string, string>) {
  const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/api/v1/ws/user-notify`, { headers });
  ws.on("error", () => undefined);
  return new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
}

const cookieOf = (accessToken: string) =>
  `stack-access=${encodeURIComponent(JSON.stringify(["unused-refresh-token", accessToken]))}`;

describe("expired access tokens", () => {
  it("answer 401 ACCESS_TOKEN_EXPIRED, which tells the SDK to refresh", async () => {
    const expired = await tokenExpiringIn(-5, alice.accessToken);
    const answer = await api(server, expired, "GET", "/apps");
    expect([answer.status, answer.error?.code]).toEqual([401, "ACCESS_TOKEN_EXPIRED"]);
  });

  it("close a socket with TOKEN_EXPIRED at once when already expired", async () => {
    const expired = await tokenExpiringIn(-5, alice.accessToken);
    expect(await socketClose({ cookie: cookieOf(expired) })).toBe(SOCKET_CLOSE.TOKEN_EXPIRED);
  });

  it("close an open socket with TOKEN_EXPIRED when its token expires", async () => {
    const shortLived = await tokenExpiringIn(2, alice.accessToken);
    expect((await api(server, shortLived, "GET", "/apps")).status).toBe(200);
    expect(await socketClose({ cookie: cookieOf(shortLived) })).toBe(SOCKET_CLOSE.TOKEN_EXPIRED);
  });

  it("a token signed by another key is invalid, not expired", async () => {
    const [h, p] = alice.accessToken.split(".");
    const forged = `${h}.${p}.${"A".repeat(86)}`;
    const answer = await api(server, forged, "GET", "/apps");
    expect([answer.status, answer.error?.code]).toEqual([401, "INVALID_ACCESS_TOKEN"]);
  });
});

describe("restricted users", () => {
  let restrictedToken: string;
  beforeAll(async () => {
    const bob = await createTestUser(server, { verified: true });
    const headers = serverHeaders(await appProjectOf(server));
    const patched = await server.request(`/auth/api/v1/users/${bob.userId}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ restricted_by_admin: true, restricted_by_admin_reason: "test" }),
    });
    expect(patched.status).toBe(200);
    // A new access token from the refresh token carries the restriction.
    const refreshed = await server.request("/auth/api/v1/auth/sessions/current/refresh", {
      method: "POST",
      headers: { ...headers, "x-stack-refresh-token": bob.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    restrictedToken = ((await refreshed.json()) as { access_token: string }).access_token;
    expect(decodeJwt(restrictedToken).is_restricted).toBe(true);
  });

  it("are refused by every route with RESTRICTED_USER_NOT_ALLOWED", async () => {
    for (const [method, path] of [
      ["GET", "/apps"],
      ["POST", "/apps"],
      ["GET", "/db"],
      ["POST", "/auth/verify"],
    ] as const) {
      const answer = await api(server, restrictedToken, method, path, method === "POST" ? { title: "x" } : undefined);
      expect([path, answer.status, answer.error?.code]).toEqual([path, 403, "RESTRICTED_USER_NOT_ALLOWED"]);
    }
  });

  it("cannot hold the socket", async () => {
    expect(await socketClose({ cookie: cookieOf(restrictedToken) })).toBe(SOCKET_CLOSE.FORBIDDEN);
  });
});
