import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAppleIdToken } from "../../server/auth/routes/auth/oauth/apple-native.ts";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

async function appleLikeKeys() {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "apple-test", alg: "RS256" };
  const sign = (claims: Record<string, unknown>, options: { expiresIn?: string; key?: CryptoKey } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "apple-test" })
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "5m")
      .sign(options.key ?? privateKey);
  return { keys: createLocalJWKSet({ keys: [jwk] }), sign };
}

describe("verifyAppleIdToken", () => {
  it("accepts only a token signed by Apple's key, from Apple, for one of the bundle ids, unexpired", async () => {
    const { keys, sign } = await appleLikeKeys();
    const good = { iss: "https://appleid.apple.com", aud: "com.example.app", sub: "001.apple", email: "a@example.com" };
    await expect(
      verifyAppleIdToken(await sign({ ...good, email_verified: "true" }), ["com.example.app"], keys),
    ).resolves.toEqual({ sub: "001.apple", email: "a@example.com", emailVerified: true });
    const refused = async (token: string) =>
      expect(verifyAppleIdToken(token, ["com.example.app"], keys)).rejects.toMatchObject({
        code: "INVALID_APPLE_CREDENTIALS",
      });
    await refused(await sign({ ...good, aud: "com.other.app" }));
    await refused(await sign({ ...good, iss: "https://evil.example.com" }));
    await refused(await sign({ ...good, sub: undefined }));
    await refused(await sign(good, { expiresIn: "-1m" }));
    const stranger = await generateKeyPair("RS256");
    await refused(await sign(good, { key: stranger.privateKey }));
    await refused("invalid-jwt-token");
    const [header, payload] = (await sign(good)).split(".");
    await refused(`${header}.${payload}.`);
  });
});

describe("POST /auth/oauth/callback/apple/native", () => {
  let server: TestServer;
  let keys: AppProjectKeys;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
    keys = await appProjectOf(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const setProviders = (oauth_providers: unknown[]) =>
    stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { oauth_providers } },
    });
  const native = (body: unknown) =>
    stackFetch(server, "/auth/oauth/callback/apple/native", { access: "client", keys, body });

  it("keeps the apple provider's bundle ids and refuses them elsewhere or malformed", async () => {
    const apple = { id: "apple", type: "standard", client_id: "com.example.web", client_secret: "s" };
    const saved = await setProviders([{ ...apple, apple_bundle_ids: ["com.example.ios"] }]);
    expect(saved.status, saved.text).toBe(200);
    const providers = (saved.body as { config: { oauth_providers: Record<string, unknown>[] } }).config.oauth_providers;
    expect(providers.find((p) => p.id === "apple")).toMatchObject({ apple_bundle_ids: ["com.example.ios"] });
    // Sent again without them (as the admin area does), they are kept.
    const again = await setProviders([apple]);
    expect(JSON.stringify(again.body)).toContain("com.example.ios");
    for (const bad of [
      [{ id: "github", type: "shared", apple_bundle_ids: ["com.example.ios"] }],
      [{ ...apple, apple_bundle_ids: ["not a bundle id"] }],
    ]) {
      const res = await setProviders(bad);
      expect(knownError(res).code).toBe("SCHEMA_ERROR");
    }
  });

  it("answers Stack's refusals: no apple provider, no bundle id, no token, a token that cannot be verified", async () => {
    await setProviders([{ id: "github", type: "shared" }]);
    expect(knownError(await native({ id_token: "fake-token" })).code).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
    const apple = { id: "apple", type: "standard", client_id: "com.example.web", client_secret: "s" };
    await setProviders([{ ...apple, apple_bundle_ids: [] }]);
    const unconfigured = await native({ id_token: "fake-token" });
    expect(unconfigured.status).toBe(400);
    expect(knownError(unconfigured).code).toBe("APPLE_BUNDLE_ID_NOT_CONFIGURED");
    await setProviders([{ ...apple, apple_bundle_ids: ["com.example.ios"] }]);
    expect(knownError(await native({})).code).toBe("SCHEMA_ERROR");
    expect(knownError(await native({ id_token: "invalid-jwt-token" })).code).toBe("INVALID_APPLE_CREDENTIALS");
    // Well-formed but signed by someone else: Apple's keys (unreachable here, or not this key) refuse it.
    const { sign } = await appleLikeKeys();
    const forged = await sign({ iss: "https://appleid.apple.com", aud: "com.example.ios", sub: "001.forged" });
    const res = await native({ id_token: forged });
    expect(res.status).toBe(400);
    expect(knownError(res).code).toBe("INVALID_APPLE_CREDENTIALS");
  }, 30_000);
});
