import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacros } from "./scripts/vite-lingui-macros.ts";

const integration = ["tests/**/*.test.ts"];
const notIntegration = ["tests/e2e/**", "tests/bench/**"];

export default defineConfig({
  // lingui(): the web app loads some catalogs with import() (the error-code texts at the first error), and its
  // tests load them the same way.
  plugins: [linguiMacros(), lingui()],
  resolve: {
    alias: {
      "@contract": fileURLToPath(new URL("./server/contract", import.meta.url)),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
    },
  },
  test: {
    pool: "forks",
    // Integration tests mostly wait (on their servers, sockets, PostgreSQL, argon2 in the thread
    // pool), so four workers keep two cores busy; measured: tests/auth-http 335 s with 2 workers,
    // 246 s with 4, 136 s with 4 sharing their module graph (isolate: false, below).
    maxWorkers: 4,
    testTimeout: 30_000,
    // One retry under CI, as Playwright has: a test that fails once on a loaded machine and then passes
    // is listed as flaky by npm test (tests/helpers/flaky-reporter.ts), not counted as passed.
    retry: process.env.CI === "true" ? 1 : 0,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"] },
      },
      {
        extends: true,
        // isolate: false: a worker keeps the server's module graph (and PGlite's compiled WASM) from one
        // file to the next instead of importing it anew for each file, which took longer than most
        // files' tests. These tests start their own servers and stores and mock nothing, so there is
        // no module state to leak; unit tests stay isolated.
        test: {
          name: "pglite",
          include: integration,
          exclude: notIntegration,
          isolate: false,
          env: { TEST_STORE: "pglite" },
        },
      },
      {
        extends: true,
        // The command line's tests run on PGlite only: the CLI speaks HTTP to the server and never
        // sees the store, and every route it calls is tested on both stores by tests/api. On both
        // they cost some 110 s of a two-core machine's workers for no path of ours not run already.
        test: {
          name: "postgres",
          include: integration,
          exclude: [...notIntegration, "tests/cli/**"],
          isolate: false,
          env: { TEST_STORE: "postgres" },
        },
      },
    ],
  },
});
