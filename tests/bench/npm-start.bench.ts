// Issue 30: a restart as the README's command makes it, `npm start` (npm, its shell, the server),
// on a data folder a first start filled: spawn to the first 200 from /healthz, the CPU of the whole
// process group until then, and the group's idle memory once the start's background work (the
// spare clusters) is done. Several runs; median and range. `NPM_START_RUNS` (default 7).
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BenchResult, type BenchSuite, percentile } from "./harness.ts";
import { processTree, settledMemory, type TreeMemory, treeCpuMs } from "./process-tree.ts";
import { freePort, sparesReady } from "./server-start.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const RUNS = Number(process.env.NPM_START_RUNS ?? 7);

interface Run {
  wallMs: number;
  cpuMs: number;
  idle: TreeMemory;
  /** RSS of each process of the group (npm, sh, node), MiB. */
  parts: string;
}

function rssOf(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const name = /^Name:\s+(.+)$/m.exec(status)?.[1] ?? "?";
    const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
    return `${name} ${rss.toFixed(0)}`;
  } catch {
    return "";
  }
}

async function restart(env: Record<string, string>, dataDir: string): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, as a terminal gives it, so the whole group can be stopped at once.
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const pid = child.pid as number;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error("npm start did not become healthy within 2 minutes");
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const wallMs = performance.now() - started;
    const cpuMs = treeCpuMs(pid);
    await sparesReady(dataDir);
    const idle = await settledMemory(pid);
    const parts = processTree(pid).map(rssOf).filter(Boolean).join(" + ");
    return { wallMs, cpuMs, idle, parts };
  } finally {
    process.kill(-pid, "SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => percentile(values, 50);
const range = (values: number[], digits = 0) =>
  `median of ${values.length}, range ${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

const suite: BenchSuite = {
  name: "Restart through npm start (issue 30)",
  async run(): Promise<BenchResult[]> {
    if (!existsSync(join(ROOT, "dist/index.html"))) {
      throw new Error("run `npm run build` first: the figures exclude the one-time web build");
    }
    const dataDir = mkdtempSync(join(tmpdir(), "bench-npm-start-"));
    const env = {
      DATA_DIR: dataDir,
      STACK_PROJECT_ID: randomUUID(),
      STACK_SECRET_SERVER_KEY: `ssk_${randomUUID().replaceAll("-", "")}`,
      STACK_PUBLISHABLE_CLIENT_KEY: `pck_${randomUUID().replaceAll("-", "")}`,
    };
    try {
      await restart(env, dataDir); // the first start: migrates the store, makes the spares
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await restart(env, dataDir));
      const last = runs.at(-1) as Run;
      return [
        {
          name: "npm start on a filled data folder, to /healthz",
          value: median(runs.map((r) => r.wallMs)),
          unit: "ms",
          target: "≤ 1,000 ms",
          notes: range(runs.map((r) => r.wallMs)),
        },
        {
          name: "CPU of npm, its shell and the server until then",
          value: median(runs.map((r) => r.cpuMs)),
          unit: "ms",
          notes: range(runs.map((r) => r.cpuMs)),
        },
        {
          name: "idle process group, RSS (shared pages counted in each process)",
          value: median(runs.map((r) => r.idle.rss)),
          unit: "MiB",
          target: "≤ 150 MB",
          notes: `${range(runs.map((r) => r.idle.rss))}; last run: ${last.parts}`,
        },
        {
          name: "idle process group, PSS (shared pages split between their processes)",
          value: median(runs.map((r) => r.idle.pss)),
          unit: "MiB",
          notes: range(runs.map((r) => r.idle.pss)),
        },
      ];
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
export default suite;
