import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { testStoreKind } from "../helpers/test-server.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function startProcess(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server/serve.ts"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  return { child, output: () => output };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out");
}

describe("the server process", () => {
  it("starts on its store, serves /healthz, and exits 0 on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "proc-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (testStoreKind() === "postgres") {
      const db = await createScratchDatabase();
      cleanups.push(() => db.drop());
      env.DATABASE_URL = db.url;
    }
    const { child, output } = startProcess(env);
    const port = await waitFor(() => output().match(/"port":(\d+)/)?.[1]);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect((await health.json()).store.kind).toBe(testStoreKind());

    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output()).toContain('"msg":"stopped"');
  });

  it("refuses to start on a bad setting and names it", async () => {
    const { child, output } = startProcess({ PORT: "not-a-port" });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output()).toContain("PORT");
  });
});
