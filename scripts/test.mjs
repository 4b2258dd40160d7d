// `npm test`: everything CI checks, in the order that fails fastest, ending with one summary line.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { summarizeReports } from "./test-summary.mjs";

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
if (pgProblem && process.env.CI === "true") {
  // In CI a missing PostgreSQL is a broken set-up, not a reason to test half the stores.
  fail(`PostgreSQL is required under CI=true: ${pgProblem}`);
} else if (pgProblem) {
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
if (!run("layers", "node", ["scripts/check-layers.mjs"])) {
  fail("A layer rule of the server is broken (.dependency-cruiser.cjs, docs/architecture.md).");
}

// Not under test-results/: Playwright empties that folder when it starts.
rmSync(".test-reports", { recursive: true, force: true });
const vitestOk = run(
  "unit + integration",
  "npx",
  [
    "vitest",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    "--reporter=./tests/helpers/flaky-reporter.ts",
    "--outputFile.json=.test-reports/vitest.json",
  ],
  { VITEST_FLAKY_REPORT: ".test-reports/vitest-flaky.json" },
);
const e2eOk = run("browser", "npx", ["playwright", "test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: ".test-reports/e2e.json",
});
// Lighthouse on the built app: scores and the first route's JavaScript, /login and / signed in.
const lighthouseOk = run("lighthouse", "npx", ["tsx", "tests/lighthouse/run.ts"], {
  LIGHTHOUSE_REPORT: ".test-reports/lighthouse.json",
});

const { passed, skips, flaky, failures, ...counts } = summarizeReports(".test-reports", process.cwd());
let { failed } = counts;
if (skips.length) {
  console.log(`\nSkipped (${skips.length}):`);
  for (const { where, reason } of skips) console.log(`  ${reason ? `${reason}` : "NO REASON"}  ${where}`);
}
const unexplained = skips.filter((s) => !s.reason);
if (unexplained.length) {
  console.error(
    `\n${unexplained.length} test(s) skipped without a reason: skip only with a reasoned skipIf (tests/helpers/reasoned-skips.mjs, or a Playwright test.skip(condition, reason)).`,
  );
  failed += unexplained.length;
}
if (flaky.length) {
  console.log(`\nFlaky (failed, then passed on a retry; ${flaky.length}):`);
  for (const where of flaky) console.log(`  ${where}`);
}
if (failures.length) {
  console.log(`\nFailed (${failures.length}):`);
  for (const where of failures) console.log(`  ${where}`);
}
const failedRunners = [
  [vitestOk, "vitest"],
  [e2eOk, "Playwright"],
  [lighthouseOk, "Lighthouse"],
].filter(([ok]) => !ok);
if (failedRunners.length && !failures.length) {
  // An unhandled error after a test, or a runner that stopped: its own output above says which.
  console.log(
    `\n${failedRunners.map(([, name]) => name).join(", ")} failed without a failing test: see "Unhandled Errors" above.`,
  );
}
if (failedRunners.length) failed = Math.max(failed, 1);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skips.length} skipped, ${flaky.length} flaky`);
process.exit(failed ? 1 : 0);
