// Lighthouse in the test suite: the built app served by the real server, audited in Debian's
// Chromium on desktop and mobile emulation, with the budgets of issue #7 asserted.
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

const BUDGET = { desktopPerformance: 95, mobilePerformance: 90, accessibility: 100, bestPractices: 100 };
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
const outcomes: { audit: string; ok: boolean }[] = [];
try {
  for (const audit of audits) {
    if (audit.signedIn) await signInBrowser(context, server.url, projectEnv);
    for (const formFactor of ["desktop", "mobile"] as const) {
      const url = new URL(audit.route, server.url).toString();
      const result = await lighthouse(
        url,
        { port, output: "json", logLevel: "error", disableStorageReset: true },
        formFactor === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits: lhAudits, finalDisplayedUrl } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const requests =
        (lhAudits["network-requests"]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
      const scripts = requests
        .filter((r) => r.resourceType === "Script" && !r.sessionTargetType?.toString().includes("worker"))
        .map((r) => String(r.url));
      const jsGzip = gzipBytesOf(scripts);
      // LIGHTHOUSE_LIST_SCRIPTS=1 names what the budget counted, for finding what grew.
      if (process.env.LIGHTHOUSE_LIST_SCRIPTS) {
        for (const script of scripts) console.log(`  ${(gzipBytesOf([script]) / 1024).toFixed(1)} KB ${script}`);
      }
      const label = `${audit.route}${audit.signedIn ? " (signed in)" : ""} ${formFactor}`;
      const failuresBefore = failures.length;
      rows.push(
        `| ${label} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${(jsGzip / 1024).toFixed(1)} KB |`,
      );
      const minPerformance = formFactor === "desktop" ? BUDGET.desktopPerformance : BUDGET.mobilePerformance;
      if (new URL(finalDisplayedUrl).pathname !== audit.route) {
        failures.push(`${label}: ended on ${finalDisplayedUrl}, not ${audit.route}`);
      }
      if (score("performance") < minPerformance)
        failures.push(`${label}: performance ${score("performance")} < ${minPerformance}`);
      if (score("accessibility") < BUDGET.accessibility)
        failures.push(`${label}: accessibility ${score("accessibility")}`);
      if (score("best-practices") < BUDGET.bestPractices)
        failures.push(`${label}: best practices ${score("best-practices")}`);
      if (jsGzip > MAX_INITIAL_JS_GZIP_BYTES)
        failures.push(
          `${label}: initial JS ${(jsGzip / 1024).toFixed(1)} KB gzip > ${MAX_INITIAL_JS_GZIP_BYTES / 1024} KB`,
        );
      for (const category of ["accessibility", "best-practices"]) {
        for (const ref of categories[category]?.auditRefs ?? []) {
          const a = lhAudits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1)
            failures.push(`${label}: ${category} audit "${a.id}" failed: ${a.title}`);
        }
      }
      outcomes.push({ audit: label, ok: failures.length === failuresBefore });
      mkdirSync("test-results/lighthouse", { recursive: true });
      writeFileSync(
        `test-results/lighthouse/${audit.route.replace(/\W+/g, "_") || "root"}-${formFactor}.json`,
        JSON.stringify(result.lhr),
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
  "| page | performance | accessibility | best practices | SEO | initial JS (gzip) |\n|---|---|---|---|---|---|",
);
console.log(rows.join("\n"));
if (failures.length) {
  console.error(`\nLighthouse budgets failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("\nLighthouse: every budget met.");
