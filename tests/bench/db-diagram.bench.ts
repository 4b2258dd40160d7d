// Database page (issue 36): the schema diagram of 200 tables and 300 foreign keys in Chromium,
// from the schema to the painted diagram (model, dagre layout, SVG), one panning step, and the
// diagram chunk's download size.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../../scripts/ensure-chromium.mjs";
import { type BenchResult, type BenchSuite, percentile } from "./harness.ts";
import { buildBenchPage, serve } from "./page-server.ts";

const RUNS = 5;
const PAN_STEPS = 60;
const here = fileURLToPath(new URL(".", import.meta.url));

function diagramChunk(): BenchResult[] {
  const assets = join(process.env.E2E_DIST_DIR ?? "dist", "assets");
  if (!statSync(assets, { throwIfNoEntry: false }))
    return [{ name: "skipped chunk size: run `npx vite build` first", value: 0, unit: "" }];
  const files = readdirSync(assets).filter((f) => f.startsWith("schema-diagram-") && f.endsWith(".js"));
  const size = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  return [
    {
      name: "diagram chunk (dagre + diagram view), gzip",
      value: size / 1000,
      unit: "KB",
      notes: "loaded when the diagram is first opened",
    },
  ];
}

const suite: BenchSuite = {
  name: "Database page: schema diagram (Chromium)",
  async run(): Promise<BenchResult[]> {
    const dir = await buildBenchPage(join(here, "diagram-page"), "diagram-bench");
    const site = await serve(dir);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--headless=new", "--no-sandbox"] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on("pageerror", (error) => console.error("page error:", error.message));
      await page.goto(site.url);
      const results: BenchResult[] = [];
      for (const [tables, keys] of [
        [50, 75],
        [200, 300],
      ] as const) {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          await page.evaluate(() => window.benchClear());
          times.push(await page.evaluate(([t, k]) => window.benchDiagram(t, k), [tables, keys] as const));
        }
        results.push({
          name: `${tables} tables, ${keys} foreign keys: schema to painted diagram (median of ${RUNS})`,
          value: percentile(times, 50),
          unit: "ms",
          target: tables === 200 ? "< 1000 ms" : "",
          notes: `first (cold) ${times[0]?.toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms`,
        });
      }
      const steps: number[] = [];
      for (let step = 0; step < PAN_STEPS; step++) steps.push(await page.evaluate((s) => window.benchPan(s), step));
      results.push({
        name: `200 tables: one panning step to painted frame (median of ${PAN_STEPS})`,
        value: percentile(steps, 50),
        unit: "ms",
        target: "< 16.7 ms (60 fps)",
        notes: `95th percentile ${percentile(steps, 95).toFixed(1)} ms`,
      });
      return [...results, ...diagramChunk()];
    } finally {
      await browser.close();
      site.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
