import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  it("promptCliLogin waits until the signed-in page completes, then gets a session of its own", async () => {
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
    expect(result.data).toMatch(/^[a-z0-9]{45}$/);
    expect(result.data).not.toBe(browserUser.refreshToken);

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
    expect(badToken.status).toBe(401);
    const complete = await post("/auth/cli/complete", {
      login_code: login.login_code,
      refresh_token: user.refreshToken,
    });
    expect(await complete.json()).toEqual({ success: true });
    // A confirmed login cannot be confirmed again (by someone else).
    const again = await post("/auth/cli/complete", { login_code: login.login_code, refresh_token: user.refreshToken });
    expect(again.status).toBe(400);
    expect(await again.text()).toBe("Invalid login code or the code has expired");

    const success = await poll();
    expect(success.status).toBe(201);
    expect(((await success.json()) as { status: string }).status).toBe("success");
    expect(await (await poll()).json()).toEqual({ status: "used" });

    const unknown = await post("/auth/cli/poll", { polling_code: "a".repeat(45) });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { code: string }).code).toBe("INVALID_POLLING_CODE");

    const short = (await (await post("/auth/cli", { expires_in_millis: 1000 })).json()) as { polling_code: string };
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await (await post("/auth/cli/poll", { polling_code: short.polling_code })).json()).toEqual({
      status: "expired",
    });
  });
});
