// Lighthouse in the test suite: the built app served by the real server, audited in Debian's
// Chromium on desktop and mobile emulation, with the budgets of issue #7 asserted (accessibility,
// best practices, SEO, the initial JavaScript) and the performance score recorded with the
// machine's benchmark index (issue #31).
//   npx tsx tests/lighthouse/run.ts        (npm test runs it after the browser tests)
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { chromiumPath } from "../../scripts/ensure-chromium.mjs";
import { startServerProcess } from "../helpers/server-process.ts";
import { seededProjectEnv, signInBrowser } from "./sign-in.ts";

// Performance is not a budget: its score follows the CPU (a loaded or slower two-core machine scores
// mobile 83 where a quiet one scores 98), so it is printed with Lighthouse's benchmark index and
// recorded in docs/benchmarks.md. What does not depend on the machine is asserted.
const ASSERTED_CATEGORIES = { accessibility: 100, "best-practices": 100, seo: 100 } as const;
const CATEGORIES = ["performance", ...Object.keys(ASSERTED_CATEGORIES)];
// The same 170 KB as the build's own first-paint budget (scripts/vite-bundle-report.ts).
const MAX_INITIAL_JS_GZIP_BYTES = 170 * 1024;

interface Audit {
  route: string;
  signedIn: boolean;
}
const onlyRoute = process.argv[2];
const audits: Audit[] = [
  { route: "/login", signedIn: false },
  { route: "/", signedIn: true },
].filter((a) => !onlyRoute || a.route === onlyRoute);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** What the first route costs in JavaScript, gzip, counted from the build's own .gz files. */
function gzipBytesOf(urls: string[]): number {
  return urls.reduce((sum, url) => {
    const file = join("dist", new URL(url).pathname);
    const gz = `${file}.gz`;
    return sum + (existsSync(gz) ? statSync(gz).size : existsSync(file) ? statSync(file).size : 0);
  }, 0);
}

if (!existsSync("dist/index.html")) throw new Error("Build first: npm run build");
const dataDir = mkdtempSync(join(tmpdir(), "appconsole-lh-"));
const projectEnv = seededProjectEnv();
const server = await startServerProcess({
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  ...projectEnv,
});
const port = await freePort();
// A persistent profile: Lighthouse opens its tabs in the browser's default context, which is where
// the signed-in cookies must be (Playwright's launch() contexts are separate, incognito-like).
const profileDir = mkdtempSync(join(tmpdir(), "appconsole-lh-profile-"));
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: chromiumPath(),
  args: ["--headless=new", "--no-sandbox", `--remote-debugging-port=${port}`, "--disable-background-networking"],
});
const failures: string[] = [];
const rows: string[] = [];
/** One entry per page and form factor, for `npm test`'s summary line (LIGHTHOUSE_REPORT=<file>). */
const outcomes: { audit: string; ok: boolean; performance: number | null; benchmarkIndex: number }[] = [];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
/** Categories Lighthouse could not score (score null: one of their audits errored, as on a loaded machine). */
const unscored = (lhr: Lhr) => CATEGORIES.filter((id) => lhr.categories[id]?.score == null);
/** Why a category has no score: its audits that errored, with Lighthouse's message. */
function erroredAudits(lhr: Lhr, category: string): string {
  const errored = (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a?.scoreDisplayMode === "error")
    .map((a) => `${a?.id}: ${a?.errorMessage ?? "no message"}`);
  return errored.length ? errored.join("; ") : "no audit reported an error";
}

try {
  for (const audit of audits) {
    if (audit.signedIn) await signInBrowser(context, server.url, projectEnv);
    for (const formFactor of ["desktop", "mobile"] as const) {
      const url = new URL(audit.route, server.url).toString();
      const measure = async () => {
        const result = await lighthouse(
          url,
          { port, output: "json", logLevel: "error", disableStorageReset: true },
          formFactor === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        return result.lhr;
      };
      const label = `${audit.route}${audit.signedIn ? " (signed in)" : ""} ${formFactor}`;
      let lhr = await measure();
      // An unscored category is measured once more (an audit that timed out on a busy machine usually
      // passes the second time); still unscored, it is named with the audits that errored.
      if (unscored(lhr).length) {
        console.warn(`${label}: ${unscored(lhr).join(", ")} unscored, measuring once more`);
        lhr = await measure();
      }
      const { categories, audits: lhAudits, finalDisplayedUrl } = lhr;
      const score = (id: string) => {
        const value = categories[id]?.score;
        return value == null ? null : Math.round(value * 100);
      };
      const shown = (id: string) => score(id) ?? "unscored";
      const requests =
        (lhAudits["network-requests"]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
      // The budget is the first paint's (as the build's report and the browser test count it): scripts
      // that finished loading before the observed first contentful paint, not those loaded after it.
      const metrics = (lhAudits.metrics?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items?.[0];
      const firstPaint = Number(metrics?.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY);
      const scripts = requests
        .filter((r) => r.resourceType === "Script" && !r.sessionTargetType?.toString().includes("worker"))
        .filter((r) => Number(r.networkEndTime ?? 0) <= firstPaint)
        .map((r) => String(r.url));
      const jsGzip = gzipBytesOf(scripts);
      // LIGHTHOUSE_LIST_SCRIPTS=1 names what the budget counted, for finding what grew.
      if (process.env.LIGHTHOUSE_LIST_SCRIPTS) {
        for (const script of scripts) console.log(`  ${(gzipBytesOf([script]) / 1024).toFixed(1)} KB ${script}`);
      }
      const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
      const failuresBefore = failures.length;
      rows.push(
        `| ${label} | ${shown("performance")} | ${benchmarkIndex} | ${shown("accessibility")} | ${shown("best-practices")} | ${shown("seo")} | ${(jsGzip / 1024).toFixed(1)} KB |`,
      );
      if (new URL(finalDisplayedUrl).pathname !== audit.route) {
        failures.push(`${label}: ended on ${finalDisplayedUrl}, not ${audit.route}`);
      }
      if (score("performance") === null) {
        console.warn(
          `${label}: performance unscored twice (recorded, not asserted): ${erroredAudits(lhr, "performance")}`,
        );
      }
      for (const [category, min] of Object.entries(ASSERTED_CATEGORIES)) {
        const value = score(category);
        if (value === null) {
          failures.push(`${label}: ${category} unscored twice: ${erroredAudits(lhr, category)}`);
          continue;
        }
        if (value < min) failures.push(`${label}: ${category} ${value} < ${min}`);
        for (const ref of categories[category]?.auditRefs ?? []) {
          const a = lhAudits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1)
            failures.push(`${label}: ${category} audit "${a.id}" failed: ${a.title}`);
        }
      }
      if (jsGzip > MAX_INITIAL_JS_GZIP_BYTES)
        failures.push(
          `${label}: initial JS ${(jsGzip / 1024).toFixed(1)} KB gzip > ${MAX_INITIAL_JS_GZIP_BYTES / 1024} KB`,
        );
      outcomes.push({
        audit: label,
        ok: failures.length === failuresBefore,
        performance: score("performance"),
        benchmarkIndex,
      });
      mkdirSync("test-results/lighthouse", { recursive: true });
      writeFileSync(
        `test-results/lighthouse/${audit.route.replace(/\W+/g, "_") || "root"}-${formFactor}.json`,
        JSON.stringify(lhr),
      );
    }
  }
} finally {
  await context.close();
  rmSync(profileDir, { recursive: true, force: true });
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
const report = process.env.LIGHTHOUSE_REPORT;
if (report) {
  mkdirSync(dirname(report), { recursive: true });
  writeFileSync(report, JSON.stringify(outcomes));
}
console.log(
  "| page | performance (recorded) | benchmark index | accessibility | best practices | SEO | initial JS (gzip) |\n|---|---|---|---|---|---|---|",
);
console.log(rows.join("\n"));
if (failures.length) {
  console.error(`\nLighthouse budgets failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log(
  "\nLighthouse: every budget met (performance is recorded, not asserted: it follows the CPU, see the benchmark index).",
);
