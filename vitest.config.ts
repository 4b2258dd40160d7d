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
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "pglite", include: integration, exclude: notIntegration, env: { TEST_STORE: "pglite" } },
      },
      {
        extends: true,
        test: { name: "postgres", include: integration, exclude: notIntegration, env: { TEST_STORE: "postgres" } },
      },
    ],
  },
});
