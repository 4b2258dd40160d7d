// Vitest retries a failed test once under CI (vitest.config.ts), as Playwright does. A test that
// passed only on its retry is written here so `npm test` lists it as flaky instead of hiding it:
// vitest's JSON report calls it passed and keeps no trace of the failed try.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { Reporter, TestCase } from "vitest/node";

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (!testCase.diagnostic()?.flaky) return;
    this.flaky.push(`${relative(process.cwd(), testCase.module.moduleId)}: ${testCase.fullName}`);
  }

  onTestRunEnd(): void {
    const file = process.env.VITEST_FLAKY_REPORT;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(this.flaky));
  }
}
