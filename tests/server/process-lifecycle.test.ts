import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureServerBuild } from "../../scripts/server-build.mjs";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { seedPgliteTemplate, testStoreKind } from "../helpers/test-server.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

// The server as `npm start` runs it: the bundle of server/serve.ts (scripts/server-build.mjs).
let bundle: string;
beforeAll(async () => {
  bundle = await ensureServerBuild();
});

function startProcess(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, [bundle], {
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

describe("the server process", () => {
  // A whole server process on a store (120 s): its start-up on a busy two-core machine took 30 s and more.
  it("starts on its store, serves /healthz, and exits 0 on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "proc-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (testStoreKind() === "postgres") {
      const db = await createScratchDatabase();
      cleanups.push(() => db.drop());
      env.DATABASE_URL = db.url;
    } else {
      await seedPgliteTemplate(dataDir); // the first start on an empty folder is the benchmark's
    }
    const { child, output } = startProcess(env);
    const port = await vi.waitFor(
      () => {
        const found = output().match(/"port":(\d+)/)?.[1];
        expect(found, "the server's start-up line with its port").toBeDefined();
        return found as string;
      },
      { timeout: 90_000, interval: 50 },
    );
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect((await health.json()).store.kind).toBe(testStoreKind());

    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on("exit", (code, signal) => resolve([code, signal])),
    );
    child.kill("SIGTERM");
    // Code and signal together, with the log: a crash on the way out shows as a signal here.
    expect(await exited, output()).toEqual([0, null]);
    expect(output()).toContain('"msg":"stopped"');
  }, 120_000);

  it("refuses to start on a bad setting and names it", async () => {
    const { child, output } = startProcess({ PORT: "not-a-port" });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output()).toContain("PORT");
  });
});
