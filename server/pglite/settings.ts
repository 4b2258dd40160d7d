import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setFlagsFromString } from "node:v8";

/**
 * Which PGlite cluster: the server's own control store (every request of the auth service and the
 * app API reads it), one user's managed database (one person's workbench and table pages), or a SQL
 * dump's private copy of one (server/api/lib/transfer/pglite-dump.ts).
 */
export type PgliteRole = "store" | "managed" | "dump";

/**
 * PostgreSQL's defaults are sized for a server that owns a machine, and PGlite keeps them:
 * shared_buffers = 128MB sits in the WASM memory and is resident from the first query, so the
 * store and every open database paid about 150 MiB each. Resident WASM memory is about 13 MiB plus
 * shared_buffers; pages that fall out of the buffers are still in the operating system's file
 * cache underneath (PGlite reads its files through Node). max_connections sizes the lock and
 * process tables: PGlite runs one backend. The store's hot pages (index roots, the session and
 * user rows in use) fit in 8MB many times over; 16MB cost 9 MiB of idle memory and no speed.
 */
const SETTINGS: Record<PgliteRole, Record<string, string>> = {
  store: { shared_buffers: "8MB", max_connections: "8" },
  managed: { shared_buffers: "8MB", max_connections: "8" },
  // A SQL dump's private copy (pglite-dump.ts) reads each page once: buffers would only cost memory.
  dump: { shared_buffers: "1MB", max_connections: "8" },
};

/** PGlite's own start parameters plus the sizes above, for `startParams`. */
export async function pgliteStartParams(role: PgliteRole): Promise<string[]> {
  const { PGlite } = await import("@electric-sql/pglite");
  return [...PGlite.defaultStartParams, ...Object.entries(SETTINGS[role]).flatMap(([k, v]) => ["-c", `${k}=${v}`])];
}

let compiled: Promise<WebAssembly.Module> | null = null;
let optimize = false;

/**
 * Whether V8 may tier PGlite's hot functions up to its optimising compiler. Set once at start-up,
 * before the first database opens; the choice is process-wide (worker threads share it).
 *
 * By default PGlite runs on V8's baseline compiler (Liftoff) only: with tier-up, the optimised
 * copies of hot functions and the background compiler's working memory kept the idle server at
 * 220-270 MiB instead of about 155-170 MiB, while point queries were no faster on two cores
 * (the optimising compiler competes with the queries for the CPU). Measured in docs/benchmarks.md.
 */
export function setPgliteWasmOptimize(enabled: boolean): void {
  optimize = enabled;
}

/**
 * PGlite's WASM, compiled once per server process and shared by the control store and every
 * database's worker thread: compiling it takes about a second of CPU and its machine code is
 * some 25 MiB, which each child process used to pay again.
 */
export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    // Read by V8 when it compiles each function, which is lazy: set before the first compile.
    setFlagsFromString(optimize ? "--no-liftoff-only" : "--liftoff-only");
    const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    return WebAssembly.compile(await readFile(join(dist, "pglite.wasm")));
  })().catch((error: unknown) => {
    compiled = null;
    throw error;
  });
  return compiled;
}
