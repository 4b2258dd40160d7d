import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./scripts/ensure-chromium.mjs";

/**
 * Browser tests run against the real built app served by the real server (started in
 * tests/e2e/global-setup.ts on a random port with a temporary DATA_DIR), in Debian's Chromium.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: ".test-reports/e2e.json" }]] : "list",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Every new context would otherwise install the service worker and precache the whole build
    // (some 200 files): about 2 s of CPU per test on a two-core machine, for tests about something
    // else. The specs about offline use and the PWA allow it again (test.use).
    serviceWorkers: "block",
    // Recording a trace for every test (retain-on-failure) took a third of the browser layer's CPU
    // on two cores (its screencast keeps the compositor drawing; docs/benchmarks.md). A test that
    // fails is run again under CI, and that retry records one; locally, `--trace on` does.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
