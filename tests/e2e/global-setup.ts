import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FullConfig } from "@playwright/test";
import { startMailCatcher } from "../helpers/mail-catcher.ts";

/**
 * Starts what the browser tests talk to: an SMTP server that files every mail it receives, and
 * the real server process on the built app with a fresh DATA_DIR. Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  if (!existsSync("dist/index.html")) {
    throw new Error("dist/ has no build: run `npm run build` before the browser tests (npm test does).");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "appconsole-e2e-"));
  const mail = await startMailCatcher(join(dataDir, "mail"));
  const { child, url } = await startServerProcess({
    DATA_DIR: dataDir,
    SMTP_URL: mail.smtpUrl,
    EMAIL_FROM: "App Console <noreply@example.test>",
  });
  process.env.E2E_BASE_URL = url;
  process.env.E2E_MAIL_DIR = mail.dir;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/serve.ts"], {
    env: { ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const port = output.match(/"port":(\d+)/)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${port}` });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
