// Database page (issue 23): a chart of a 10,000-row result in Chromium, from the result to the
// painted chart, for each chart type; and the chart chunk's download size.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../../scripts/ensure-chromium.mjs";
import { type BenchResult, type BenchSuite, percentile } from "./harness.ts";
import { buildBenchPage, serve } from "./page-server.ts";

const ROWS = 10_000;
const RUNS = 7;
const here = fileURLToPath(new URL(".", import.meta.url));

function result(type: "line" | "bar" | "scatter") {
  const time = type === "line";
  const columns = [
    time
      ? { name: "day", type: "timestamp with time zone" }
      : { name: type === "bar" ? "name" : "x", type: type === "bar" ? "text" : "double precision" },
    { name: "amount", type: "numeric" },
    { name: "count", type: "integer" },
  ];
  const rows = Array.from({ length: ROWS }, (_, i) => [
    time
      ? new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString()
      : type === "bar"
        ? `item ${i}`
        : Math.sin(i) * 1000,
    (Math.sin(i / 50) * 500 + 1000).toFixed(2),
    i % 97,
  ]);
  return { columns, rows };
}

/** gzip -9 of the built chart chunk (uPlot and the chart view), loaded only when a chart opens. */
function chartChunk(): BenchResult[] {
  const assets = join(process.env.E2E_DIST_DIR ?? "dist", "assets");
  if (!statSync(assets, { throwIfNoEntry: false }))
    return [{ name: "skipped chunk size: run `npx vite build` first", value: 0, unit: "" }];
  const files = readdirSync(assets).filter((f) => f.startsWith("chart-view-"));
  const size = (ext: string) =>
    files
      .filter((f) => f.endsWith(ext))
      .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  return [
    {
      name: "chart chunk (uPlot + chart view), gzip",
      value: (size(".js") + size(".css")) / 1000,
      unit: "KB",
      notes: `JS ${(size(".js") / 1000).toFixed(1)} KB + CSS ${(size(".css") / 1000).toFixed(1)} KB; loaded when a chart is first opened`,
    },
  ];
}

const suite: BenchSuite = {
  name: "Database page: chart of a 10,000-row result (Chromium)",
  async run(): Promise<BenchResult[]> {
    const dir = await buildBenchPage(join(here, "chart-page"), "chart-bench");
    const site = await serve(dir);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--headless=new", "--no-sandbox"] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on("pageerror", (error) => console.error("page error:", error.message));
      await page.goto(site.url);
      const results: BenchResult[] = [];
      for (const type of ["line", "bar", "scatter"] as const) {
        const data = result(type);
        const times: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          await page.evaluate(() => window.benchClear());
          times.push(await page.evaluate((r) => window.benchChart(r), data));
        }
        results.push({
          name: `${type} chart of ${ROWS.toLocaleString("en")} rows × 2 series to painted (median of ${RUNS})`,
          value: percentile(times, 50),
          unit: "ms",
          target: "< 200 ms",
          notes: `first (cold) ${times[0]?.toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms; series built from the rows, uPlot drawn, frame painted`,
        });
      }
      return [...results, ...chartChunk()];
    } finally {
      await browser.close();
      site.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
