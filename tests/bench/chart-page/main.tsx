// The chart view alone, for tests/bench/db-chart.bench.ts: the page gets a result and reports how
// long it takes from there to the chart's first painted frame.
import { i18n } from "@lingui/core";
import { useState } from "react";
import type { ChartColumn } from "@/features/database/chart/chart-data";
import ChartView from "@/features/database/chart/chart-view";
import { messages } from "../../../locales/en/messages.po";
import "./bench.css";
import { afterPaint, mountBenchPage } from "../page-kit";

interface Result {
  columns: ChartColumn[];
  rows: unknown[][];
}

declare global {
  interface Window {
    /** Renders a chart of `result`; answers ms from then until the frame with the chart was painted. */
    benchChart(result: Result): Promise<number>;
    benchClear(): Promise<void>;
  }
}

i18n.loadAndActivate({ locale: "en", messages: messages as never });

let show: (result: Result | null) => void = () => {};

function App() {
  const [result, setResult] = useState<Result | null>(null);
  show = setResult;
  return <div className="w-[1200px] p-3">{result && <ChartView columns={result.columns} rows={result.rows} />}</div>;
}

/** Resolves after the next frame has been painted: a message posted from rAF runs after the paint. */
window.benchChart = async (result) => {
  const started = performance.now();
  show(result);
  // uPlot draws on the effect after React's commit; wait until a canvas exists, then for its paint.
  while (!document.querySelector(".chart-host canvas")) await new Promise((r) => setTimeout(r, 0));
  return (await afterPaint()) - started;
};

window.benchClear = async () => {
  show(null);
  await afterPaint();
};

mountBenchPage(<App />);
