import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch, statusErrorText } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** Stack's cross-domain sign-in: POST /auth/oauth/cross-domain/authorize, then the code grant. */
let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const verifier = randomBytes(32).toString("base64url");
const challenge = createHash("sha256").update(verifier).digest("base64url");

function authorize(user: Partial<Pick<TestUser, "accessToken" | "refreshToken">>, body: Record<string, unknown> = {}) {
  return stackFetch(server, "/auth/oauth/cross-domain/authorize", {
    access: "client",
    keys,
    accessToken: user.accessToken,
    refreshToken: user.refreshToken,
    body: {
      redirect_uri: `${server.url}/handler/oauth-callback?cross=1`,
      state: "st-1",
      code_challenge: challenge,
      code_challenge_method: "S256",
      after_callback_redirect_url: `${server.url}/after`,
      ...body,
    },
  });
}

function exchange(code: string, codeVerifier = verifier) {
  return stackFetch(server, "/auth/oauth/token", {
    body: {
      grant_type: "authorization_code",
      client_id: keys.projectId,
      client_secret: keys.publishableClientKey,
      code,
      redirect_uri: `${server.url}/handler/oauth-callback?cross=1`,
      code_verifier: codeVerifier,
    },
  });
}

describe("cross-domain handoff", () => {
  it("hands the signed-in session over once, with PKCE", async () => {
    const user = await createTestUser(server);
    const res = await authorize(user);
    expect(res.status).toBe(200);
    const redirect = new URL((res.body as { redirect_url: string }).redirect_url);
    expect(redirect.pathname).toBe("/handler/oauth-callback");
    expect(redirect.searchParams.get("state")).toBe("st-1");
    const code = redirect.searchParams.get("code") ?? "";

    const wrongVerifier = await exchange(code, randomBytes(32).toString("base64url"));
    expect(knownError(wrongVerifier).code).toBe("INVALID_AUTHORIZATION_CODE");

    // A failed exchange spends the code too; a fresh one goes through.
    const again = new URL(((await authorize(user)).body as { redirect_url: string }).redirect_url);
    const tokens = await exchange(again.searchParams.get("code") ?? "");
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({
      refresh_token: user.refreshToken,
      after_callback_redirect_url: `${server.url}/after`,
    });
    const me = await stackFetch(server, "/users/me", {
      access: "client",
      keys,
      accessToken: (tokens.body as { access_token: string }).access_token,
    });
    expect((me.body as { id: string }).id).toBe(user.userId);

    const reused = await exchange(again.searchParams.get("code") ?? "");
    expect(knownError(reused).code).toBe("INVALID_AUTHORIZATION_CODE");
  });

  it("refuses untrusted URLs, a missing user, a missing or foreign refresh token", async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    const evil = await authorize(user, { redirect_uri: "https://evil.example.com/cb" });
    expect(knownError(evil).code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    const evilAfter = await authorize(user, { after_callback_redirect_url: "https://evil.example.com/after" });
    expect(knownError(evilAfter).code).toBe("REDIRECT_URL_NOT_WHITELISTED");

    const anonymous = await authorize({});
    expect(anonymous.status).toBe(401);
    expect(knownError(anonymous).code).toBe("USER_AUTHENTICATION_REQUIRED");
    const refreshOnly = await authorize({ refreshToken: user.refreshToken });
    expect(knownError(refreshOnly).code).toBe("USER_AUTHENTICATION_REQUIRED");

    const noRefresh = await authorize({ accessToken: user.accessToken });
    expect(noRefresh.status).toBe(400);
    expect(statusErrorText(noRefresh)).toBe("Cross-domain auth handoff requires passing the current refresh token.");
    // Another user's session cannot be handed over with this user's access token.
    const foreign = await authorize({ accessToken: user.accessToken, refreshToken: other.refreshToken });
    expect(foreign.status).toBe(401);
    expect((foreign.body as { code: string }).code).toBe("CROSS_DOMAIN_REFRESH_TOKEN_MISMATCH");
  });
});
