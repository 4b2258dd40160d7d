import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "dotenv";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { auditPageSchema } from "../../server/contract/audit.ts";
import { createdServiceTokenSchema } from "../../server/contract/service-tokens.ts";
import { api } from "../api/api-client.ts";
import { AWKWARD } from "../helpers/awkward-values.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

// Every case spawns the command line (a Node process with tsx): seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let alice: TestUser;
let appId: string;
let token: string;
let configHome: string;
const expected = Object.fromEntries(AWKWARD.map((e) => [e.key, e.value]));

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  appId = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "CLI" })).data).id;
  for (const { key, value } of AWKWARD) {
    await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, { key, value });
  }
  const created = await api(server, alice.accessToken, "POST", `/apps/${appId}/tokens`, { name: "cli-test" });
  token = createdServiceTokenSchema.parse(created.data).token;
  configHome = mkdtempSync(join(tmpdir(), "appconsole-cli-"));
});
afterAll(async () => {
  await server?.close();
  if (configHome) rmSync(configHome, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real command line as its own process; `npm` runs it through `npm run cli`, as documented. */
function cli(args: string[], env: Record<string, string> = {}, via: "node" | "npm" = "node"): Promise<Run> {
  const [file, prefix] =
    via === "npm"
      ? ["npm", ["run", "--silent", "cli", "--"]]
      : [process.execPath, ["--import", "tsx", "server/cli/console-cli.ts"]];
  const child = spawn(file, [...prefix, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    // A clean environment: no token or URL leaks in from the machine running the tests.
    env: { PATH: process.env.PATH ?? "", HOME: configHome, XDG_CONFIG_HOME: configHome, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe("secrets pull with a service token", () => {
  it("prints dotenv by default that dotenv reads back byte for byte", async () => {
    const out = await cli(["secrets", "pull", "--app", appId, "--url", server.url], { CONSOLE_TOKEN: token });
    expect([out.code, out.stderr]).toEqual([0, ""]);
    expect(parse(out.stdout)).toEqual(expected);
  });

  it("prints json and shell; sh evaluates the shell lines to the same values", async () => {
    const json = await cli([
      "secrets",
      "pull",
      "--app",
      appId,
      "--url",
      server.url,
      "--token",
      token,
      "--format",
      "json",
    ]);
    expect(JSON.parse(json.stdout)).toEqual(expected);
    const shell = await cli(["secrets", "pull", "--app", appId, "--format", "shell"], {
      CONSOLE_TOKEN: token,
      CONSOLE_URL: server.url,
    });
    expect(shell.code).toBe(0);
    const keys = AWKWARD.map((e) => e.key).join(" ");
    const script = `${shell.stdout}for k in ${keys}; do eval "printf '%s\\\\0' \\"\\$$k\\""; done`;
    const values = execFileSync("sh", ["-c", script], { encoding: "utf8" }).split("\0").slice(0, -1);
    expect(values).toEqual(AWKWARD.map((e) => e.value));
  });

  it("says why it cannot: revoked token, another app, no app", async () => {
    const other = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "Other" })).data).id;
    const wrong = await cli(["secrets", "pull", "--app", other, "--url", server.url], { CONSOLE_TOKEN: token });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("SERVICE_TOKEN_WRONG_APP");
    const usage = await cli(["secrets", "pull", "--url", server.url], { CONSOLE_TOKEN: token });
    expect([usage.code, usage.stderr]).toEqual([
      2,
      expect.stringContaining("Error: No app named.\nFix: Name it with --app <id>"),
    ]);

    const created = await api(server, alice.accessToken, "POST", `/apps/${appId}/tokens`, { name: "short-lived" });
    const revoked = createdServiceTokenSchema.parse(created.data);
    await api(server, alice.accessToken, "DELETE", `/apps/${appId}/tokens/${revoked.id}`);
    const refused = await cli(["secrets", "pull", "--app", appId, "--url", server.url], {
      CONSOLE_TOKEN: revoked.token,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("This service token was revoked. (SERVICE_TOKEN_REVOKED)");
    expect(refused.stdout).toBe("");
  });
});

describe("run", () => {
  it("gives the command the secrets (multi-line intact, not the token) and passes on its exit code", async () => {
    const script = [
      "const keys = ['PEM', 'CRLF', 'SPACES', 'UNICODE', 'CONSOLE_TOKEN', 'KEPT'];",
      "process.stdout.write(JSON.stringify(Object.fromEntries(keys.map((k) => [k, process.env[k] ?? null]))));",
      "process.exit(7);",
    ].join("\n");
    const out = await cli(
      ["run", "--app", appId, "--url", server.url, "--", process.execPath, "-e", script],
      { CONSOLE_TOKEN: token, KEPT: "from the caller", PEM: "overridden by the app" },
      "npm",
    );
    expect(out.code).toBe(7);
    expect(JSON.parse(out.stdout)).toEqual({
      PEM: expected.PEM,
      CRLF: expected.CRLF,
      SPACES: expected.SPACES,
      UNICODE: expected.UNICODE,
      CONSOLE_TOKEN: null,
      KEPT: "from the caller",
    });
  });

  it("exits 0 with a command that succeeds, 127 when the command does not exist", async () => {
    const ok = await cli(["run", "--app", appId, "--url", server.url, "--", process.execPath, "-e", ""], {
      CONSOLE_TOKEN: token,
    });
    expect(ok.code).toBe(0);
    const missing = await cli(["run", "--app", appId, "--url", server.url, "--", "no-such-command-xyz"], {
      CONSOLE_TOKEN: token,
    });
    expect([missing.code, missing.stderr.trim()]).toEqual([127, "command not found: no-such-command-xyz"]);
  });
});

describe("with the session of cli login", () => {
  it("login keeps the session (owner-only file); pull and run use it; logout forgets it", async () => {
    const keys = await appProjectOf(server);
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "server/cli/console-cli.ts", "login", "--url", server.url],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { PATH: process.env.PATH ?? "", HOME: configHome, XDG_CONFIG_HOME: configHome },
      },
    );
    let out = "";
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const loginCode = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /cli-auth-confirm\?login_code=([a-z0-9]{45})/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.on("close", () => reject(new Error(`login exited early:\n${out}`)));
    });
    // What the confirmation page does with the signed-in browser's refresh token.
    const complete = await server.request("/auth/api/v1/auth/cli/complete", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "client",
        "x-stack-project-id": keys.projectId,
        "x-stack-publishable-client-key": keys.publishableClientKey ?? "",
      },
      body: JSON.stringify({ login_code: loginCode, refresh_token: alice.refreshToken }),
    });
    expect(complete.status).toBe(200);
    expect(await exited).toBe(0);
    expect(out).toContain(`Signed in as ${alice.email}`);
    const file = join(configHome, "app-console", "cli-session.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // No token and no --url: the one console signed in to.
    const pulled = await cli(["secrets", "pull", "--app", appId]);
    expect([pulled.code, pulled.stderr]).toEqual([0, ""]);
    expect(parse(pulled.stdout)).toEqual(expected);
    const history = auditPageSchema.parse((await api(server, alice.accessToken, "GET", `/apps/${appId}/audit`)).data);
    expect(history.events[0]).toMatchObject({
      action: "secrets.exported",
      actor: { kind: "user", label: alice.email },
    });

    const ran = await cli([
      "run",
      "--app",
      appId,
      "--",
      process.execPath,
      "-e",
      "process.exit(process.env.TABS === '\\tcol1\\tcol2\\t' ? 3 : 4)",
    ]);
    expect(ran.code).toBe(3);

    const logout = await cli(["logout"]);
    expect([logout.code, logout.stdout.trim()]).toEqual([0, `Signed out of ${server.url}.`]);
    const after = await cli(["secrets", "pull", "--app", appId, "--url", server.url]);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain("Not signed in");
  });
});
