// The counts behind `npm test`'s last line, read from the reports the runners wrote: vitest's JSON,
// Playwright's JSON and the Lighthouse outcomes. Apart so the counting has tests of its own.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REASONED_SKIP_MARKERS } from "../tests/helpers/reasoned-skips.mjs";

/**
 * @param {string} dir where vitest.json, e2e.json and lighthouse.json are (each optional)
 * @param {string} root the repository's path, cut from vitest's absolute file names
 * @returns {{ passed: number, failed: number, skips: { where: string, reason: string | undefined }[], flaky: string[] }}
 *   skips: every skip with its reason (a skip without one fails the run: a test that silently stops
 *   running proves nothing); flaky: Playwright tests that failed and then passed on a retry, which
 *   are listed and not counted as passes.
 */
export function summarizeReports(dir, root) {
  let passed = 0;
  let failed = 0;
  const skips = [];
  const flaky = [];
  const read = (name) => (existsSync(join(dir, name)) ? JSON.parse(readFileSync(join(dir, name), "utf8")) : null);

  const vitest = read("vitest.json");
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    for (const file of vitest.testResults) {
      for (const t of file.assertionResults) {
        if (!["skipped", "pending", "todo"].includes(t.status)) continue;
        const title = [...t.ancestorTitles, t.title].join(" > ");
        const reason = REASONED_SKIP_MARKERS.find((marker) => title.includes(marker));
        skips.push({ where: `${file.name.replace(`${root}/`, "")}: ${title}`, reason });
      }
    }
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
          if (t.status !== "skipped") continue;
          const reason = t.annotations.find((a) => a.type === "skip" && a.description)?.description;
          skips.push({ where, reason });
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of e2e.suites) walk(suite, []);
  }

  for (const { ok } of read("lighthouse.json") ?? []) ok ? passed++ : failed++;
  return { passed, failed, skips, flaky };
}
