// `npm test`: everything CI checks, in the order that fails fastest, ending with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "./ensure-chromium.mjs";

const run = (label, command, args, env = {}) => {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(
    `◀ ${label}: ${result.status === 0 ? "ok" : `failed (${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
};
const fail = (message) => {
  console.error(`\n${message}`);
  process.exit(1);
};

try {
  ensureChromium();
} catch (error) {
  fail(error.message);
}

const { postgresReachable } = await import("../tests/helpers/postgres-probe.mjs");
const pgProblem = await postgresReachable();
const projects = ["unit", "pglite"];
if (pgProblem) {
  console.warn(`\n⚠ PostgreSQL integration tests are skipped: ${pgProblem}`);
} else {
  projects.push("postgres");
}

if (!run("lock file", "node", ["scripts/check-lockfile.mjs"])) fail("The lock file would break npm ci.");
if (!run("i18n", "node", ["scripts/check-i18n.mjs"])) fail("i18n check failed.");
if (!run("build", "npx", ["vite", "build"])) fail("The web app does not build.");
if (!run("no CDN", "node", ["scripts/check-dist.mjs"])) fail("The build references a CDN.");
if (!run("typecheck", "npx", ["tsc", "-p", "tsconfig.json", "--noEmit"])) fail("Type check failed.");
if (!run("lint", "npx", ["biome", "check", "."])) fail("Lint failed (npm run format fixes formatting).");

// Not under test-results/: Playwright empties that folder when it starts.
rmSync(".test-reports", { recursive: true, force: true });
const vitestOk = run("unit + integration", "npx", [
  "vitest",
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=.test-reports/vitest.json",
]);
const e2eOk = run("browser", "npx", ["playwright", "test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: ".test-reports/e2e.json",
});
// Lighthouse budgets (issue 7): /login and / signed in, desktop and mobile; a missed budget fails.
const lighthouseOk = run("lighthouse", "npx", ["tsx", "tests/lighthouse/run.ts"]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(".test-reports/vitest.json")) {
  const v = JSON.parse(readFileSync(".test-reports/vitest.json", "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
if (existsSync(".test-reports/e2e.json")) {
  const e = JSON.parse(readFileSync(".test-reports/e2e.json", "utf8")).stats;
  passed += e.expected + e.flaky;
  failed += e.unexpected;
  skipped += e.skipped;
}
if (existsSync(".test-reports/lighthouse.json")) {
  const l = JSON.parse(readFileSync(".test-reports/lighthouse.json", "utf8"));
  passed += l.passed;
  failed += l.failed;
}
if (!vitestOk || !e2eOk || !lighthouseOk) failed = Math.max(failed, 1);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
