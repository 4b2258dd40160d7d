import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../server/auth/crypto/secrets.ts";
import { appProjectOf, clientApp, createTestUser, DIALECTS } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

async function post(path: string, body: unknown): Promise<Response> {
  const keys = await appProjectOf(server);
  return server.request(`/auth/api/v1${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": keys.projectId,
      "x-stack-publishable-client-key": keys.publishableClientKey,
    },
    body: JSON.stringify(body),
  });
}

describe.each(DIALECTS)("command-line login with the %s dialect", (dialect) => {
  it("promptCliLogin waits until the signed-in page completes, then gets the refresh token the page handed over", async () => {
    const browserUser = await createTestUser(server);
    const cli = await clientApp(server, { dialect });
    let completed: Promise<Response> | undefined;
    const result = await cli.promptCliLogin({
      appUrl: server.url,
      promptLink: (url: string, loginCode: string) => {
        expect(url).toContain(`login_code=${loginCode}`);
        completed = post("/auth/cli/complete", { login_code: loginCode, refresh_token: browserUser.refreshToken });
      },
    });
    expect((await completed)?.status).toBe(200);
    if (result.status !== "ok") throw new Error(`CLI login failed: ${String(result.error)}`);
    // Stack's protocol: the CLI receives exactly the token the confirming page gave for it.
    expect(result.data).toBe(browserUser.refreshToken);

    const signedIn = await clientApp(server, { dialect, tokens: { refreshToken: result.data, accessToken: "" } });
    expect((await signedIn.getUser({ or: "throw" })).primaryEmail).toBe(browserUser.email);
  });
});

describe("command-line login over HTTP", () => {
  it("walks waiting, success (201), used; and refuses unknown and expired codes", async () => {
    const user = await createTestUser(server);
    const created = await post("/auth/cli", { expires_in_millis: 600_000 });
    expect(created.status).toBe(200);
    const login = (await created.json()) as { polling_code: string; login_code: string; expires_at: string };
    expect(Date.parse(login.expires_at)).toBeGreaterThan(Date.now());

    const poll = () => post("/auth/cli/poll", { polling_code: login.polling_code });
    expect(await (await poll()).json()).toEqual({ status: "waiting" });
    const check = await post("/auth/cli/complete", { login_code: login.login_code, mode: "check" });
    expect(await check.json()).toEqual({ cli_session_state: "none" });

    const badToken = await post("/auth/cli/complete", { login_code: login.login_code, refresh_token: "x".repeat(45) });
    expect(badToken.status).toBe(400);
    expect(await badToken.json()).toEqual({ code: "INVALID_REFRESH_TOKEN", error: "Invalid refresh token" });
    const noToken = await post("/auth/cli/complete", { login_code: login.login_code, mode: "complete" });
    expect(await noToken.json()).toEqual({ code: "REFRESH_TOKEN_REQUIRED", error: "refresh_token is required" });
    // An unknown code is named before the token is looked at.
    const unknownCode = await post("/auth/cli/complete", { login_code: "invalid-login-code", refresh_token: "x" });
    expect([unknownCode.status, ((await unknownCode.json()) as { code: string }).code]).toEqual([
      400,
      "INVALID_CLI_LOGIN_CODE",
    ]);
    const complete = await post("/auth/cli/complete", {
      login_code: login.login_code,
      refresh_token: user.refreshToken,
    });
    expect(await complete.json()).toEqual({ success: true });
    // A confirmed login cannot be confirmed again (by someone else).
    const again = await post("/auth/cli/complete", { login_code: login.login_code, refresh_token: user.refreshToken });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      code: "INVALID_CLI_LOGIN_CODE",
      error: "Invalid login code or the code has expired",
    });

    const success = await poll();
    expect(success.status).toBe(201);
    expect(await success.json()).toEqual({ status: "success", refresh_token: user.refreshToken });
    // Handed out once: the sealed copy is gone and a second poll learns nothing.
    expect(await (await poll()).json()).toEqual({ status: "used" });

    const unknown = await post("/auth/cli/poll", { polling_code: "a".repeat(45) });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { code: string }).code).toBe("INVALID_POLLING_CODE");

    const short = (await (await post("/auth/cli", { expires_in_millis: 60_000 })).json()) as { polling_code: string };
    // Time passes: the expiry is moved into the past rather than waited for.
    await server.store.query(
      "update auth_cli_logins set expires_at = now() - interval '1 second' where polling_code_hash = $1",
      [sha256(short.polling_code)],
    );
    expect(await (await post("/auth/cli/poll", { polling_code: short.polling_code })).json()).toEqual({
      status: "expired",
    });
  });
});

describe("command-line login from an anonymous CLI session", () => {
  async function anonymousSession() {
    const response = await post("/auth/anonymous/sign-up", {});
    expect(response.status).toBe(200);
    return (await response.json()) as { refresh_token: string; user_id: string };
  }

  it("refuses a token that is unknown or not an anonymous user's", async () => {
    const unknown = await post("/auth/cli", { anon_refresh_token: "x".repeat(45) });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "INVALID_ANON_REFRESH_TOKEN" });
    const user = await createTestUser(server);
    const notAnonymous = await post("/auth/cli", { anon_refresh_token: user.refreshToken });
    expect(notAnonymous.status).toBe(400);
    expect(await notAnonymous.json()).toMatchObject({
      code: "INVALID_ANON_REFRESH_TOKEN",
      error: "The provided anon refresh token does not belong to an anonymous user",
    });
  });

  it("lets the page see and claim the anonymous session, then hands the page's token to the CLI", async () => {
    const anon = await anonymousSession();
    const login = (await (await post("/auth/cli", { anon_refresh_token: anon.refresh_token })).json()) as {
      polling_code: string;
      login_code: string;
    };
    const check = await post("/auth/cli/complete", { login_code: login.login_code, mode: "check" });
    expect(await check.json()).toEqual({ cli_session_state: "anonymous" });
    const claim = await post("/auth/cli/complete", { login_code: login.login_code, mode: "claim-anon-session" });
    expect(claim.status).toBe(200);
    const claimed = (await claim.json()) as { access_token: string; refresh_token: string };
    expect(claimed.refresh_token).toBe(anon.refresh_token);
    expect(claimed.access_token.split(".")).toHaveLength(3);

    const browserUser = await createTestUser(server);
    const complete = await post("/auth/cli/complete", {
      login_code: login.login_code,
      mode: "complete",
      refresh_token: browserUser.refreshToken,
    });
    expect(await complete.json()).toEqual({ success: true });
    const polled = await post("/auth/cli/poll", { polling_code: login.polling_code });
    expect(await polled.json()).toEqual({ status: "success", refresh_token: browserUser.refreshToken });
  });

  it("has nothing to claim without an anonymous session", async () => {
    const login = (await (await post("/auth/cli", {})).json()) as { login_code: string };
    const claim = await post("/auth/cli/complete", { login_code: login.login_code, mode: "claim-anon-session" });
    expect(claim.status).toBe(400);
    expect(await claim.json()).toMatchObject({ code: "NO_ANONYMOUS_CLI_SESSION" });
  });
});
