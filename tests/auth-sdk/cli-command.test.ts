import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

describe("npm run cli -- login", () => {
  it("prints the confirmation link, and after the browser confirms it, the signed-in e-mail", async () => {
    const user = await createTestUser(server);
    const configHome = mkdtempSync(join(tmpdir(), "appconsole-cli-login-"));
    onTestFinished(() => rmSync(configHome, { recursive: true, force: true }));
    const keys = await appProjectOf(server);
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "server/cli/console-cli.ts", "login", "--url", server.url],
      {
        stdio: ["ignore", "pipe", "pipe"],
        // login keeps its session under XDG_CONFIG_HOME: never in the home of whoever runs the tests.
        env: { ...process.env, XDG_CONFIG_HOME: configHome },
      },
    );
    let out = "";
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const loginCode = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /cli-auth-confirm\?login_code=([a-z0-9]{45})/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.on("exit", () => reject(new Error(`CLI exited early:\n${out}\n${err}`)));
    });
    // What the confirmation page does with the signed-in browser's refresh token.
    const complete = await server.request("/auth/api/v1/auth/cli/complete", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "client",
        "x-stack-project-id": keys.projectId,
        "x-stack-publishable-client-key": keys.publishableClientKey,
      },
      body: JSON.stringify({ login_code: loginCode, refresh_token: user.refreshToken }),
    });
    expect(complete.status).toBe(200);
    expect(await exited).toBe(0);
    expect(out).toContain(`Signed in as ${user.email}`);
  });
});
