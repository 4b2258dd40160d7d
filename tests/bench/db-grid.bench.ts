// Database page (issue 6): the result grid with 100,000 rows in Chromium. The grid page
// (tests/bench/grid-page) is built with Vite into a temporary folder and served from here.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../../scripts/ensure-chromium.mjs";
import { type BenchResult, type BenchSuite, percentile } from "./harness.ts";
import { buildBenchPage, serve } from "./page-server.ts";

/** GRID_BENCH_ROWS changes the result size (to try the bench quickly); the figure is 100,000. */
const ROWS = Number(process.env.GRID_BENCH_ROWS ?? 100_000);
const RUNS = 7;
const SCROLL_FRAMES = 300;
const here = fileURLToPath(new URL(".", import.meta.url));

/** A result as the execute endpoint answers it: typed columns, rows as arrays. */
function resultJson(rows: number): string {
  const columns = [
    { name: "id", type: "int8" },
    { name: "name", type: "text" },
    { name: "email", type: "text" },
    { name: "amount", type: "numeric" },
    { name: "created_at", type: "timestamptz" },
    { name: "payload", type: "jsonb" },
  ];
  const data = Array.from({ length: rows }, (_, i) => [
    i + 1,
    `user ${i + 1}`,
    `user${i + 1}@example.com`,
    ((i % 100_000) / 100).toFixed(2),
    new Date(Date.UTC(2020, 0, 1) + i * 1000).toISOString(),
    { n: i, tags: ["a", "b"] },
  ]);
  return JSON.stringify({ columns, rows: data });
}

const buildPage = () => buildBenchPage(join(here, "grid-page"), "grid-bench");

const median = (samples: number[]) => percentile(samples, 50);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
}

/**
 * Main-thread CPU time of each scroll frame, from a Chromium trace: the thread time (`tdur`, which
 * excludes time the thread waited for a core) of the renderer's top-level tasks between two
 * `grid-frame` marks. Unlike wall-clock frame times it hardly moves with the machine's load.
 */
function cpuPerFrame(trace: Buffer): number[] {
  const events = (JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.name === "grid-frame").sort((a, b) => a.ts - b.ts);
  const first = marks[0];
  if (!first) throw new Error("the trace has no grid-frame marks");
  const tasks = events.filter(
    (e) =>
      e.pid === first.pid &&
      e.tid === first.tid &&
      e.ph === "X" &&
      (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask"),
  );
  const frames: number[] = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    const from = marks[i]?.ts ?? 0;
    const to = marks[i + 1]?.ts ?? 0;
    const us = tasks.filter((t) => t.ts >= from && t.ts < to).reduce((sum, t) => sum + (t.tdur ?? 0), 0);
    frames.push(us / 1000);
  }
  return frames;
}

const suite: BenchSuite = {
  name: "Database page: result grid, 100,000 rows (Chromium)",
  async run(): Promise<BenchResult[]> {
    const dir = await buildPage();
    const site = await serve(dir);
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ["--headless=new", "--no-sandbox"],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on("pageerror", (error) => console.error("page error:", error.message));
      await page.goto(site.url);
      const json = resultJson(ROWS);
      const firstPaint: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await page.evaluate(() => window.benchClear());
        firstPaint.push(await page.evaluate((text) => window.benchShow(text), json));
      }
      const scrollBy = async (frames: number, px: number) => {
        await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline", "blink.user_timing"] });
        const result = await page.evaluate(({ frames, px }) => window.benchScroll(frames, px), { frames, px });
        return { ...result, cpuMs: cpuPerFrame(await browser.stopTracing()) };
      };
      const scroll = await scrollBy(SCROLL_FRAMES, 240);
      const fling = await scrollBy(60, 4000);
      const idle = await scrollBy(120, 0);
      return [
        {
          name: "100,000-row result to first paint (median of 7)",
          value: median(firstPaint),
          unit: "ms",
          target: "≤ 300 ms",
          notes: `first run (cold) ${firstPaint[0]?.toFixed(1)} ms, worst ${Math.max(...firstPaint).toFixed(1)} ms; includes JSON.parse of ${(json.length / 2 ** 20).toFixed(1)} MiB`,
        },
        {
          name: `scroll 240 px/frame, p95 frame time (${SCROLL_FRAMES} frames)`,
          value: percentile(scroll.frameMs, 95),
          unit: "ms",
          target: "≤ 16 ms",
          notes: `p50 ${median(scroll.frameMs).toFixed(2)} ms; blank frames ${scroll.blankFrames}; idle frame p95 ${percentile(idle.frameMs, 95).toFixed(2)} ms`,
        },
        {
          name: "scroll 240 px/frame, p95 main-thread CPU per frame (trace)",
          value: percentile(scroll.cpuMs, 95),
          unit: "ms",
          target: "≤ 16 ms",
          notes: `p50 ${median(scroll.cpuMs).toFixed(2)} ms; thread time, so less sensitive to machine load than frame time`,
        },
        {
          name: "fling 4,000 px/frame, p95 main-thread CPU per frame (trace)",
          value: percentile(fling.cpuMs, 95),
          unit: "ms",
          target: "≤ 16 ms",
          notes: `p50 ${median(fling.cpuMs).toFixed(2)} ms; idle p95 ${percentile(idle.cpuMs, 95).toFixed(2)} ms`,
        },
        {
          name: "fling 4,000 px/frame, p95 frame time (60 frames)",
          value: percentile(fling.frameMs, 95),
          unit: "ms",
          target: "≤ 16 ms",
          notes: `p50 ${median(fling.frameMs).toFixed(2)} ms; blank frames ${fling.blankFrames}`,
        },
        {
          name: "most rows in the DOM while scrolling",
          value: Math.max(scroll.maxRows, fling.maxRows),
          unit: "rows",
          target: `≤ 2 × visible (${2 * scroll.visibleRows})`,
          notes: `${scroll.visibleRows} rows visible in an 800 px window`,
        },
      ];
    } finally {
      await browser.close();
      site.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
