// `npm test`: everything CI checks, in the order that fails fastest, ending with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { REASONED_SKIP_MARKERS } from "../tests/helpers/reasoned-skips.mjs";
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
// Lighthouse on the built app: scores and the first route's JavaScript, /login and / signed in.
const lighthouseOk = run("lighthouse", "npx", ["tsx", "tests/lighthouse/run.ts"], {
  LIGHTHOUSE_REPORT: ".test-reports/lighthouse.json",
});

let passed = 0;
let failed = 0;
let skipped = 0;
/** Every skip, with its reason; a skip without one fails the run (a test that silently stops running proves nothing). */
const skips = [];
if (existsSync(".test-reports/vitest.json")) {
  const v = JSON.parse(readFileSync(".test-reports/vitest.json", "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  for (const file of v.testResults) {
    for (const t of file.assertionResults) {
      if (!["skipped", "pending", "todo"].includes(t.status)) continue;
      const title = [...t.ancestorTitles, t.title].join(" > ");
      const reason = REASONED_SKIP_MARKERS.find((marker) => title.includes(marker));
      skips.push({ where: `${file.name.replace(`${process.cwd()}/`, "")}: ${title}`, reason });
    }
  }
}
if (existsSync(".test-reports/e2e.json")) {
  const report = JSON.parse(readFileSync(".test-reports/e2e.json", "utf8"));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status !== "skipped") continue;
        const reason = t.annotations.find((a) => a.type === "skip" && a.description)?.description;
        skips.push({ where: `${spec.file}: ${[...path, spec.title].join(" > ")}`, reason });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
}
skipped = skips.length;
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
if (existsSync(".test-reports/lighthouse.json")) {
  for (const { ok } of JSON.parse(readFileSync(".test-reports/lighthouse.json", "utf8"))) ok ? passed++ : failed++;
}
if (!vitestOk || !e2eOk || !lighthouseOk) failed = Math.max(failed, 1);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
