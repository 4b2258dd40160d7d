import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCli } from "../../scripts/cli-build.mjs";
import { appProjectOf, type TestUser } from "./stack-apps.ts";
import type { TestServer } from "./test-server.ts";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface BuiltCli {
  /** A folder outside the repository holding only the built file: the working folder of each run. */
  home: string;
  file: string;
  run(args: string[], options?: { env?: Record<string, string>; cwd?: string; stdin?: string }): Promise<CliRun>;
  /** `login` through the real confirmation call the browser's confirm page makes. */
  login(server: TestServer, user: TestUser): Promise<CliRun>;
  cleanup(): void;
}

function collect(child: ChildProcess): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/**
 * Builds the command line as `npm run build:cli` does and copies the one file into a temporary folder
 * outside the repository, so each run proves it needs Node and nothing else from here. Runs get a
 * clean environment (no token or URL of the machine) and keep their session under `home`.
 */
export async function builtCli(): Promise<BuiltCli> {
  const home = mkdtempSync(join(tmpdir(), "app-console-cli-"));
  const built = await buildCli(join(home, "build", "app-console.mjs"));
  const file = join(home, "app-console.mjs");
  copyFileSync(built, file);
  rmSync(join(home, "build"), { recursive: true, force: true });
  const spawnCli = (args: string[], env: Record<string, string> = {}, cwd = home) =>
    spawn(process.execPath, [file, ...args], {
      cwd,
      stdio: ["pipe", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: join(home, ".config"), ...env },
    });
  return {
    home,
    file,
    run(args, options = {}) {
      const child = spawnCli(args, options.env, options.cwd);
      const done = collect(child);
      child.stdin?.end(options.stdin ?? "");
      return done;
    },
    async login(server, user) {
      const keys = await appProjectOf(server);
      const child = spawnCli(["login", "--url", server.url]);
      child.stdin?.end();
      const done = collect(child);
      let out = "";
      const loginCode = await new Promise<string>((resolve, reject) => {
        child.stdout?.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /cli-auth-confirm\?login_code=([a-z0-9]{45})/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        child.on("close", () => reject(new Error(`login exited early:\n${out}`)));
      });
      const complete = await server.request("/auth/api/v1/auth/cli/complete", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-stack-access-type": "client",
          "x-stack-project-id": keys.projectId,
          "x-stack-publishable-client-key": keys.publishableClientKey ?? "",
        },
        body: JSON.stringify({ login_code: loginCode, refresh_token: user.refreshToken }),
      });
      if (complete.status !== 200) throw new Error(`cli/complete answered ${complete.status}`);
      return done;
    },
    cleanup() {
      rmSync(home, { recursive: true, force: true });
    },
  };
}
