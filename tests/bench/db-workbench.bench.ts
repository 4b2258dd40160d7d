// Database page (issue 6): the SQL workbench's download size and how fast Stop ends a statement.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { postgresReachable } from "../helpers/postgres.ts";
import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { type BenchResult, type BenchSuite, percentile } from "./harness.ts";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
// How long a statement runs before Stop; long enough that it is surely inside PostgreSQL.
const RUN_BEFORE_STOP_MS = 300;

/**
 * gzip -9 (what the server sends precompressed) of the built chunks whose names start with
 * `prefix`, or, for chunks Vite names after a package's file, that contain `marker`.
 */
function gzipOf(dist: string, prefix: string, ext: string, marker?: string): number {
  const assets = join(dist, "assets");
  return readdirSync(assets)
    .filter((f) => f.endsWith(ext))
    .filter((f) => (marker ? readFileSync(join(assets, f), "utf8").includes(marker) : f.startsWith(prefix)))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
}

function chunkSizes(): BenchResult[] {
  const dist = process.env.E2E_DIST_DIR ?? "dist";
  if (!statSync(join(dist, "index.html"), { throwIfNoEntry: false })) {
    return [{ name: "skipped chunk sizes: run `npx vite build` first", value: 0, unit: "" }];
  }
  const kb = (bytes: number) => bytes / 1000;
  const monaco = gzipOf(dist, "monaco-loader-", ".js");
  const monacoCss = gzipOf(dist, "monaco-loader-", ".css");
  const pgsql = gzipOf(dist, "pgsql-", ".js");
  const worker = gzipOf(dist, "editor.worker-", ".js");
  const page = gzipOf(dist, "database-page-", ".js");
  const formatter = gzipOf(dist, "", ".js", "expressionWidth");
  return [
    {
      name: "workbench chunk (Monaco, lean entry + used contributions), gzip",
      value: kb(monaco + monacoCss),
      unit: "KB",
      notes: `JS ${kb(monaco).toFixed(1)} KB + CSS ${kb(monacoCss).toFixed(1)} KB; loaded only on /db/{id}`,
    },
    { name: "pgsql grammar chunk, gzip", value: kb(pgsql), unit: "KB", notes: "loaded with the editor" },
    { name: "editor worker, gzip", value: kb(worker), unit: "KB", notes: "started by Monaco" },
    { name: "database page chunk, gzip", value: kb(page), unit: "KB", notes: "tree, browser, grid, workbench UI" },
    { name: "sql-formatter chunk, gzip", value: kb(formatter), unit: "KB", notes: "on first Format SQL only" },
  ];
}

/** Stop to end: POST /cancel while `SELECT pg_sleep(30)` runs, until the execute answer has arrived. */
async function stopLatency(): Promise<BenchResult[]> {
  if (await postgresReachable()) return [{ name: "skipped Stop: PostgreSQL not reachable", value: 0, unit: "" }];
  const server = await startTestServer({ store: "postgres", env: { LOG_LEVEL: "warn" } });
  const user = await createTestUser(server, { verified: true });
  const headers = { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" };
  const call = async (path: string, body?: unknown, method = "POST") => {
    const response = await server.request(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as [Record<string, unknown> | null, { code: string } | null];
  };
  const [db] = await call("/db", { kind: "managed", name: "stop-bench" });
  const dbId = String(db?.id);
  const times: number[] = [];
  try {
    for (let i = 0; i <= SAMPLES; i++) {
      const executionId = crypto.randomUUID();
      const answer = call(`/db/${dbId}/execute`, { sql: "SELECT pg_sleep(30)", executionId });
      await new Promise((resolve) => setTimeout(resolve, RUN_BEFORE_STOP_MS));
      const stopped = performance.now();
      // The cancel answers only once the server has seen the run end (it repeats the cancel until
      // then), so the statement's end is when the execute answer arrives, not the cancel's.
      const cancelling = call(`/db/${dbId}/cancel`, { executionId });
      const [result] = await answer;
      const elapsed = performance.now() - stopped;
      const [cancel, cancelError] = await cancelling;
      if (cancelError || !cancel?.cancelled) throw new Error(`cancel failed: ${JSON.stringify(cancelError)}`);
      const error = result?.error as { sqlState?: string } | null;
      if (error?.sqlState !== "57014") throw new Error(`not cancelled: ${JSON.stringify(result?.error)}`);
      if (i > 0) times.push(elapsed); // the first run warms the connection pool
    }
  } finally {
    await call(`/db/${dbId}`, undefined, "DELETE").catch(() => undefined);
    await server.close();
  }
  return [
    {
      name: "Stop to statement ended (SELECT pg_sleep(30)), p50",
      value: percentile(times, 50),
      unit: "ms",
      notes: `${times.length} runs; POST /cancel until the execute answer (SQLSTATE 57014) arrived`,
    },
    { name: "Stop to statement ended, p95", value: percentile(times, 95), unit: "ms", target: "≤ 250 ms" },
    { name: "Stop to statement ended, max", value: Math.max(...times), unit: "ms" },
  ];
}

const suite: BenchSuite = {
  name: "Database page: SQL workbench chunk size and Stop latency",
  async run() {
    return [...chunkSizes(), ...(await stopLatency())];
  },
};
export default suite;
