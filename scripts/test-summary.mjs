// The counts behind `npm test`'s last line, read from the reports the runners wrote: vitest's JSON,
// Playwright's JSON and the Lighthouse outcomes. Apart so the counting has tests of its own.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REASONED_SKIP_MARKERS } from "../tests/helpers/reasoned-skips.mjs";

/**
 * @param {string} dir where vitest.json, e2e.json and lighthouse.json are (each optional)
 * @param {string} root the repository's path, cut from vitest's absolute file names
 * @returns {{ passed: number, failed: number, failures: string[], skips: { where: string, reason: string | undefined }[], flaky: string[] }}
 *   failures: every failed test and every test file that failed outside its tests, by name (a CI log
 *   may be read only from its end); skips: every skip with its reason (a skip without one fails the
 *   run: a test that silently stops running proves nothing); flaky: tests that failed and then passed
 *   on a retry (Playwright's, and vitest's from vitest-flaky.json), listed and not counted as passes.
 */
export function summarizeReports(dir, root) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  const skips = [];
  const flaky = [];
  const read = (name) => (existsSync(join(dir, name)) ? JSON.parse(readFileSync(join(dir, name), "utf8")) : null);

  const vitest = read("vitest.json");
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    for (const file of vitest.testResults) {
      const name = file.name.replace(`${root}/`, "");
      const failedTests = file.assertionResults.filter((t) => t.status === "failed");
      for (const t of failedTests) failures.push(`${name}: ${[...t.ancestorTitles, t.title].join(" > ")}`);
      if (file.status === "failed" && failedTests.length === 0) {
        // A file whose import, hook or suite threw: no test failed, yet the run did.
        failures.push(`${name}: ${String(file.message ?? "failed outside its tests").split("\n")[0]}`);
      }
      for (const t of file.assertionResults) {
        if (!["skipped", "pending", "todo"].includes(t.status)) continue;
        const title = [...t.ancestorTitles, t.title].join(" > ");
        const reason = REASONED_SKIP_MARKERS.find((marker) => title.includes(marker));
        skips.push({ where: `${name}: ${title}`, reason });
      }
    }
  }

  for (const where of read("vitest-flaky.json") ?? []) {
    flaky.push(where);
    passed--;
  }

  const e2e = read("e2e.json");
  if (e2e) {
    passed += e2e.stats.expected;
    failed += e2e.stats.unexpected;
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        const where = `${spec.file}: ${[...path, spec.title].join(" > ")}`;
        for (const t of spec.tests) {
          if (t.status === "flaky") flaky.push(where);
          if (t.status === "unexpected") failures.push(where);
          if (t.status !== "skipped") continue;
          const reason = t.annotations.find((a) => a.type === "skip" && a.description)?.description;
          skips.push({ where, reason });
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of e2e.suites) walk(suite, []);
  }

  for (const outcome of read("lighthouse.json") ?? []) {
    if (outcome.ok) passed++;
    else {
      failed++;
      failures.push(`lighthouse: ${outcome.audit}`);
    }
  }
  return { passed, failed, failures, skips, flaky };
}
