import { spawn } from "node:child_process";
import { APP_ROOT } from "../../server/lib/app-root.ts";

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup` / `npm run restore` as their scripts do (tsx), with `env` over a clean base. */
export function runBackupCli(
  command: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
  onStart?: (kill: () => void) => void,
): Promise<CliRun> {
  const child = spawn(process.execPath, ["--import", "tsx", `server/cli/${command}.ts`, ...args], {
    cwd: APP_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  onStart?.(() => child.kill("SIGKILL"));
  return new Promise((resolve) => child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/** The variables that name an instance's data: its folder and, on PostgreSQL, its database. */
export function instanceEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
}
