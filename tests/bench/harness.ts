import { cpus, totalmem } from "node:os";
import autocannon from "autocannon";

/** One measured figure, with the target it is judged against when the issue names one. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: string;
  notes?: string;
}

/** A benchmark file default-exports one of these; tests/bench/run.ts finds and runs them. */
export interface BenchSuite {
  name: string;
  run(): Promise<BenchResult[]>;
}

export function machine(): string {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: string;
  connections?: number;
  durationSeconds?: number;
}

/** HTTP load from this process with autocannon: requests per second and latency percentiles. */
export async function load(options: LoadOptions): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 20,
    duration: options.durationSeconds ?? 5,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Percentile of a list of samples (milliseconds), nearest-rank. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * A bench server's settings plus those the shell may vary between runs of the same bench, e.g.
 * `PGLITE_WASM_OPTIMIZE=true npm run bench auth-core` against the default.
 */
export function benchServerEnv(env: Record<string, string>): Record<string, string> {
  const optimize = process.env.PGLITE_WASM_OPTIMIZE;
  return optimize ? { ...env, PGLITE_WASM_OPTIMIZE: optimize } : env;
}
