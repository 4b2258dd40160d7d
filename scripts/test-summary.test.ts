import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { summarizeReports } from "./test-summary.mjs";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const reports = (files: Record<string, unknown>) => {
  dir = mkdtempSync(join(tmpdir(), "test-summary-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
  return summarizeReports(dir, "/repo");
};
const spec = (title: string, status: string, annotations: unknown[] = []) => ({
  title,
  file: "x.spec.ts",
  tests: [{ status, annotations }],
});

describe("npm test's summary", () => {
  it("lists a Playwright flake apart and does not count it as passed", () => {
    const summary = reports({
      "e2e.json": {
        stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
        suites: [
          {
            title: "x.spec.ts",
            specs: [spec("a", "expected"), spec("b", "expected"), spec("c", "unexpected")],
            suites: [{ title: "de", specs: [spec("edits a cell", "flaky")] }],
          },
        ],
      },
    });
    expect(summary).toMatchObject({ passed: 2, failed: 1, flaky: ["x.spec.ts: de > edits a cell"] });
  });

  it("adds vitest and Lighthouse, and keeps each skip with its reason or none", () => {
    const summary = reports({
      "vitest.json": {
        numPassedTests: 5,
        numFailedTests: 0,
        testResults: [
          {
            name: "/repo/tests/api/a.test.ts",
            assertionResults: [
              { status: "skipped", ancestorTitles: ["[PostgreSQL only] rewrap"], title: "t" },
              { status: "skipped", ancestorTitles: [], title: "forgotten" },
            ],
          },
        ],
      },
      "lighthouse.json": [{ ok: true }, { ok: false }],
    });
    expect(summary.passed).toBe(6);
    expect(summary.failed).toBe(1);
    expect(summary.skips).toEqual([
      { where: "tests/api/a.test.ts: [PostgreSQL only] rewrap > t", reason: "[PostgreSQL only]" },
      { where: "tests/api/a.test.ts: forgotten", reason: undefined },
    ]);
  });

  it("names every failure, a file that failed outside its tests included, and lists vitest's flakes apart", () => {
    const summary = reports({
      "vitest.json": {
        numPassedTests: 3,
        numFailedTests: 1,
        testResults: [
          {
            name: "/repo/tests/api/a.test.ts",
            status: "failed",
            assertionResults: [
              { status: "failed", ancestorTitles: ["apps"], title: "lists them" },
              { status: "passed", ancestorTitles: ["apps"], title: "creates one" },
            ],
          },
          {
            name: "/repo/tests/api/b.test.ts",
            status: "failed",
            message: "Hook timed out\nat …",
            assertionResults: [],
          },
        ],
      },
      "vitest-flaky.json": ["tests/api/c.test.ts: sockets > reconnects"],
      "e2e.json": {
        stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
        suites: [{ title: "x.spec.ts", specs: [spec("a", "expected"), spec("signs in", "unexpected")] }],
      },
      "lighthouse.json": [{ ok: false, audit: "/login mobile" }],
    });
    expect(summary.failures).toEqual([
      "tests/api/a.test.ts: apps > lists them",
      "tests/api/b.test.ts: Hook timed out",
      "x.spec.ts: signs in",
      "lighthouse: /login mobile",
    ]);
    expect(summary.flaky).toEqual(["tests/api/c.test.ts: sockets > reconnects"]);
    expect(summary.passed).toBe(3);
  });
});
