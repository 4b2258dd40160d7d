import { importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * An access token is read as data even when its signature is ours: claims of the wrong shape are
 * UNPARSABLE_ACCESS_TOKEN, not a user (server/auth/crypto/tokens.ts parses them with zod).
 */
let server: TestServer;
let keys: AppProjectKeys;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  keys = await appProjectOf(server);
  user = await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
});

/** Signs `claims` with the server's newest signing key, as the server itself would. */
async function signedByTheServer(claims: Record<string, unknown>): Promise<string> {
  const [row] = await server.store.query<{ kid: string; private_jwk: JWK }>(
    "select kid, private_jwk from auth_signing_keys order by created_at desc limit 1",
  );
  if (!row) throw new Error("no signing key");
  const key = await importJWK(row.private_jwk, "ES256");
  return new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: row.kid, typ: "JWT" }).sign(key);
}

const me = (accessToken: string) => stackFetch(server, "/users/me", { access: "client", keys, accessToken });

describe("access token claims", () => {
  it("accepts the server's own claims and refuses a signed token of another shape", async () => {
    const [, payload] = user.accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
    expect((await me(await signedByTheServer(claims))).status).toBe(200);

    for (const wrong of [
      { ...claims, email_verified: "yes" },
      { ...claims, role: "admin" },
      { ...claims, sub: 42 },
      { ...claims, is_anonymous: undefined },
    ]) {
      const res = await me(await signedByTheServer(wrong));
      expect(res.status, JSON.stringify(wrong)).toBe(401);
      expect(knownError(res).code).toBe("UNPARSABLE_ACCESS_TOKEN");
    }
  });
});
