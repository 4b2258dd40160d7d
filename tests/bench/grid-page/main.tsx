// The result grid alone, for tests/bench/db-grid.bench.ts: the page gets a result's JSON text and
// reports how long it takes from there to the first painted frame, and frame times while scrolling.
import { i18n } from "@lingui/core";
import { useState } from "react";
import { type GridColumn, ResultGrid } from "@/features/database/result-grid";
import { messages } from "../../../locales/en/messages.po";
import "./bench.css";
import { afterPaint, mountBenchPage } from "../page-kit";

interface Result {
  columns: GridColumn[];
  rows: unknown[][];
}

declare global {
  interface Window {
    /** Renders a result from its JSON text; answers ms from receiving the text to the first painted frame. */
    benchShow(json: string): Promise<number>;
    benchClear(): Promise<void>;
    /** Scrolls `px` per frame for `frames` frames; answers each frame's duration and the most rows in the DOM. */
    benchScroll(
      frames: number,
      px: number,
    ): Promise<{ frameMs: number[]; maxRows: number; blankFrames: number; visibleRows: number }>;
  }
}

i18n.loadAndActivate({ locale: "en", messages: messages as never });

let show: (result: Result | null) => void = () => {};

function App() {
  const [result, setResult] = useState<Result | null>(null);
  show = setResult;
  return (
    <div className="flex h-screen flex-col p-3">
      {result && <ResultGrid columns={result.columns} rows={result.rows} label="bench" />}
    </div>
  );
}

/** Resolves after the next frame has been painted: a message posted from rAF runs after the paint. */
window.benchShow = async (json) => {
  const started = performance.now();
  show(JSON.parse(json) as Result);
  return (await afterPaint()) - started;
};

window.benchClear = async () => {
  show(null);
  await afterPaint();
};

/**
 * Each frame: move the scroll position, let the grid handle the scroll event (the virtualizer
 * re-renders synchronously), and time until that frame has been painted. Headless Chromium paces
 * frames at 60 Hz, so the time between frames would measure the clock, not the grid.
 */
window.benchScroll = (frames, px) =>
  new Promise((resolve) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="result-grid"]');
    if (!scroller) throw new Error("no grid");
    const frameMs: number[] = [];
    let maxRows = 0;
    let blankFrames = 0;
    const step = () => {
      // Frame boundary for the trace (db-grid.bench.ts sums main-thread CPU time between marks).
      performance.mark("grid-frame");
      const started = performance.now();
      scroller.scrollTop += px;
      scroller.dispatchEvent(new Event("scroll"));
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        frameMs.push(performance.now() - started);
        const rendered = scroller.querySelectorAll<HTMLElement>("tbody tr");
        maxRows = Math.max(maxRows, rendered.length);
        // A frame is blank where the rows in view were not rendered by the time it was painted.
        const first = Number(rendered[0]?.getAttribute("aria-rowindex") ?? 0) - 2;
        const last = Number(rendered[rendered.length - 1]?.getAttribute("aria-rowindex") ?? 0) - 2;
        const header = scroller.querySelector("thead")?.getBoundingClientRect().height ?? 0;
        const total = Number(scroller.querySelector("table")?.getAttribute("aria-rowcount") ?? 1) - 1;
        const top = Math.floor(scroller.scrollTop / 28);
        const bottom = Math.min(total - 1, Math.floor((scroller.scrollTop + scroller.clientHeight - header) / 28));
        if (first > top || last < bottom) blankFrames++;
        if (frameMs.length >= frames) {
          performance.mark("grid-frame");
          resolve({ frameMs, maxRows, blankFrames, visibleRows: Math.ceil(scroller.clientHeight / 28) });
        } else {
          requestAnimationFrame(step);
        }
      };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(step);
  });

mountBenchPage(<App />);
