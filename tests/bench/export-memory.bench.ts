// Issue 30: what a streamed export costs the server in memory when it follows other exports. The
// real server in its own process (the bundle `npm start` runs), a table of EXPORT_MEMORY_ROWS rows
// (1,000,000 by default) on the store given by EXPORT_MEMORY_STORE (pglite, the default, or
// postgres), exported over HTTP by a client that reads at full speed: a warm-up of every format
// first, then EXPORT_MEMORY_RUNS rounds of every format. Each export's figure is the server's RSS
// (/proc, no forced collection: what an operator sees) at its peak above the RSS just before it.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createScratchDatabase, postgresReachable } from "../helpers/postgres.ts";
import { startServerProcess } from "../helpers/server-process.ts";
import { type BenchResult, type BenchSuite, benchServerEnv, percentile } from "./harness.ts";

const ROWS = Number(process.env.EXPORT_MEMORY_ROWS ?? 1_000_000);
const RUNS = Number(process.env.EXPORT_MEMORY_RUNS ?? 3);
const STORE = process.env.EXPORT_MEMORY_STORE === "postgres" ? "postgres" : "pglite";
/** Characters added to each row's text column: wide rows, whose batches must hold fewer rows. */
const PAD = Number(process.env.EXPORT_MEMORY_PAD ?? 0);

const FORMATS = [
  { name: "table CSV", path: "export/table/big?format=csv" },
  { name: "table JSON", path: "export/table/big?format=json" },
  { name: "table SQL", path: "export/table/big?format=sql" },
  { name: "query CSV", path: "export/query", body: { sql: "SELECT * FROM big", format: "csv" } },
  { name: "query JSON", path: "export/query", body: { sql: "SELECT * FROM big", format: "json" } },
  { name: "query SQL", path: "export/query", body: { sql: "SELECT * FROM big", format: "sql" } },
] as const;

const rssMiB = (pid: number) => {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return Number(match?.[1] ?? 0) / 1024;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The RSS once it has stopped falling (the last export's garbage collected): the idle before the next. */
async function idleRss(pid: number): Promise<number> {
  let last = rssMiB(pid);
  for (let i = 0; i < 10; i++) {
    await pause(1_000);
    const now = rssMiB(pid);
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

/**
 * A verified user through the auth service's server API; its `token()` signs in again each call, since
 * an access token expires long before a 1M-row round of exports on a loaded machine ends.
 */
async function createUser(
  url: string,
  keys: { projectId: string; secretServerKey: string },
): Promise<{ token(): Promise<string> }> {
  const headers = {
    "content-type": "application/json",
    "x-stack-access-type": "server",
    "x-stack-project-id": keys.projectId,
    "x-stack-secret-server-key": keys.secretServerKey,
  };
  const created = await fetch(`${url}/auth/api/v1/users`, {
    method: "POST",
    headers,
    body: JSON.stringify({ primary_email: `bench-${randomUUID()}@example.com`, primary_email_verified: true }),
  });
  if (created.status !== 201) throw new Error(`POST /users: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  return {
    async token() {
      const session = await fetch(`${url}/auth/api/v1/auth/sessions`, {
        method: "POST",
        headers,
        body: JSON.stringify({ user_id: id }),
      });
      if (session.status !== 200) throw new Error(`POST /auth/sessions: ${session.status} ${await session.text()}`);
      return ((await session.json()) as { access_token: string }).access_token;
    },
  };
}

async function measure(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-export-memory-"));
  const keys = { projectId: randomUUID(), secretServerKey: `ssk_${randomUUID().replaceAll("-", "")}` };
  const scratch = STORE === "postgres" ? await createScratchDatabase("bench_export_memory") : null;
  const server = await startServerProcess(
    benchServerEnv({
      DATA_DIR: dataDir,
      STACK_PROJECT_ID: keys.projectId,
      STACK_SECRET_SERVER_KEY: keys.secretServerKey,
      STACK_PUBLISHABLE_CLIENT_KEY: `pck_${randomUUID().replaceAll("-", "")}`,
      AUTH_RATE_LIMITS: "false",
      SQL_STATEMENT_TIMEOUT_MS: "600000",
      // The PostgreSQL run's database is on the loopback address.
      OUTBOUND_ALLOW: "127.0.0.1",
    }),
  );
  const pid = server.child.pid as number;
  try {
    const user = await createUser(server.url, keys);
    const headers = async () => ({ authorization: `Bearer ${await user.token()}`, "content-type": "application/json" });
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}/api/v1${path}`, {
        method: "POST",
        headers: await headers(),
        body: JSON.stringify(body),
      });
      const [data, error] = (await response.json()) as [Record<string, unknown> | null, unknown];
      if (!data) throw new Error(`${path}: ${JSON.stringify(error)}`);
      return data;
    };
    const db = await call(
      "/db",
      scratch ? { kind: "external", name: "memory", url: scratch.url } : { kind: "managed", name: "memory" },
    );
    const dbId = String(db.id);
    const filled = await call(`/db/${dbId}/execute`, {
      sql: `CREATE TABLE big (id int PRIMARY KEY, name text, amount numeric(12,2), at timestamptz, tags jsonb);
            INSERT INTO big SELECT g, 'name ' || g || repeat('x', ${PAD}), g / 100.0, '2024-01-01'::timestamptz + g * interval '1 second',
                                   jsonb_build_object('n', g) FROM generate_series(1, ${ROWS}) g;`,
    });
    if (filled.error) throw new Error(JSON.stringify(filled.error));

    const exportOnce = async (format: (typeof FORMATS)[number]) => {
      const fresh = await headers();
      const idle = await idleRss(pid);
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMiB(pid));
      }, 20);
      const body = "body" in format ? format.body : undefined;
      const started = performance.now();
      const response = await fetch(`${server.url}/api/v1/db/${dbId}/${format.path}`, {
        method: body ? "POST" : "GET",
        headers: fresh,
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok || !response.body) throw new Error(`${format.name}: ${response.status}`);
      for await (const _chunk of response.body) peak = Math.max(peak, rssMiB(pid));
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      // Each figure as it comes: a long run that fails later keeps what it measured.
      console.log(
        `${format.name}: idle ${idle.toFixed(0)} MiB, peak +${(peak - idle).toFixed(1)} MiB, ${seconds.toFixed(1)} s`,
      );
      return { idle, above: peak - idle, seconds };
    };

    const baseline = await idleRss(pid);
    for (const format of FORMATS) await exportOnce(format); // the warm-up: every format once
    const warm = await idleRss(pid);
    const figures = new Map<string, Array<{ idle: number; above: number; seconds: number }>>(
      FORMATS.map((f) => [f.name, []]),
    );
    for (let run = 0; run < RUNS; run++) {
      for (const format of FORMATS) figures.get(format.name)?.push(await exportOnce(format));
    }
    const after = await idleRss(pid);

    const results: BenchResult[] = [];
    for (const format of FORMATS) {
      const runs = figures.get(format.name) ?? [];
      const above = runs.map((r) => r.above);
      const idles = runs.map((r) => r.idle);
      const seconds = runs.map((r) => r.seconds);
      results.push({
        name: `${STORE}: ${format.name} export of ${ROWS.toLocaleString("en")} rows${PAD ? ` (+${PAD} characters each)` : ""}, peak RSS above the idle just before (median of ${RUNS})`,
        value: percentile(above, 50),
        unit: "MiB",
        target: "< 50 MB",
        notes: `range ${Math.min(...above).toFixed(1)}–${Math.max(...above).toFixed(1)} MiB; idle before ${Math.min(...idles).toFixed(0)}–${Math.max(...idles).toFixed(0)} MiB; took ${percentile(seconds, 50).toFixed(1)} s (${Math.min(...seconds).toFixed(1)}–${Math.max(...seconds).toFixed(1)})`,
      });
    }
    results.push({
      name: `${STORE}: server RSS idle: at start, after the warm-up, after all runs`,
      value: after,
      unit: "MiB",
      notes: `${baseline.toFixed(0)} → ${warm.toFixed(0)} → ${after.toFixed(0)} MiB (table filled before the start figure)`,
    });
    return results;
  } finally {
    await server.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const suite: BenchSuite = {
  name: "Export memory after other exports (issue 30)",
  async run() {
    if (STORE === "postgres") {
      const problem = await postgresReachable();
      if (problem) return [{ name: `skipped PostgreSQL: ${problem}`, value: 0, unit: "" }];
    }
    return measure();
  },
};

export default suite;
