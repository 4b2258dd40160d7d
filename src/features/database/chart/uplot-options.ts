import type uPlot from "uplot";
import { type ChartSeries, type ChartType, yScales } from "./chart-data";
import { timeAxisValues } from "./time-labels";

/** Series colours from the shell's palette (Tailwind 400s), readable on its slate background. */
export const SERIES_COLORS = ["#38bdf8", "#fbbf24", "#34d399", "#f472b6", "#a78bfa", "#fb923c"];
const AXIS = "#94a3b8";
const GRID = "rgba(148, 163, 184, 0.15)";
const FONT = "11px ui-sans-serif, system-ui, sans-serif";

/**
 * Scatter points as small squares in one filled path: uPlot's own points stroke and fill a circle
 * each, which took seconds for 10,000 rows where this takes milliseconds.
 */
const squares =
  (size: number): uPlot.Series.PathBuilder =>
  (u, seriesIdx, idx0, idx1) => {
    const path = new Path2D();
    const xs = u.data[0];
    const ys = u.data[seriesIdx] ?? [];
    const scale = u.series[seriesIdx]?.scale ?? "y";
    const side = size * devicePixelRatio;
    for (let i = idx0; i <= idx1; i++) {
      const x = xs[i];
      const y = ys[i];
      if (x === null || x === undefined || y === null || y === undefined) continue;
      path.rect(
        Math.round(u.valToPos(x, "x", true) - side / 2),
        Math.round(u.valToPos(y, scale, true) - side / 2),
        side,
        side,
      );
    }
    return { fill: path };
  };

/**
 * Bars the same way: one filled path of rectangles from zero, 70% of a slot wide (at least a
 * pixel), and at most one per pixel column. Where more bars fall on one column than it can show
 * apart, they become one bar from the lowest to the highest of them: the picture they would make
 * drawn one over another, for a fraction of the rectangles (10,000 overlapping ones cost the
 * rasteriser more than the whole rest of the chart). The data, the cursor and the keyboard's
 * readout keep every category.
 */
const columns: uPlot.Series.PathBuilder = (u, seriesIdx, idx0, idx1) => {
  const path = new Path2D();
  const xs = u.data[0];
  const ys = u.data[seriesIdx] ?? [];
  const scale = u.series[seriesIdx]?.scale ?? "y";
  const count = Math.max(1, idx1 - idx0 + 1);
  const width = Math.round(Math.max(devicePixelRatio, (u.bbox.width / count) * 0.7));
  // Whole pixels: the rasteriser fills aligned rectangles without antialiasing, far faster.
  const zero = Math.round(u.valToPos(0, scale, true));
  let column = Number.NaN;
  let top = zero;
  let bottom = zero;
  const flush = () => {
    if (!Number.isNaN(column)) path.rect(Math.round(column - width / 2), top, width, bottom - top);
  };
  for (let i = idx0; i <= idx1; i++) {
    const x = xs[i];
    const y = ys[i];
    if (x === null || x === undefined || y === null || y === undefined) continue;
    const at = Math.round(u.valToPos(x, "x", true));
    const end = Math.round(u.valToPos(y, scale, true));
    if (at !== column) {
      flush();
      column = at;
      top = zero;
      bottom = zero;
    }
    top = Math.min(top, end);
    bottom = Math.max(bottom, end);
  }
  flush();
  return { fill: path };
};

/** Whether bars share pixel columns: more of them than the plot is wide in device pixels. */
export function barsShareColumns(u: uPlot, count: number): boolean {
  return count > u.bbox.width;
}

/** uPlot's room right of the plot when the x axis does not ask for more: half its y axis's 50 px. */
const RIGHT_PADDING = 25;
let measurer: CanvasRenderingContext2D | null = null;

/** The width in CSS pixels of the widest line of any label, in the axes' font. */
function widestLine(labels: readonly string[]): number {
  measurer ??= document.createElement("canvas").getContext("2d");
  if (!measurer) return 0;
  measurer.font = FONT;
  let widest = 0;
  for (const label of labels) {
    for (const line of label.split("\n")) widest = Math.max(widest, measurer.measureText(line).width);
  }
  return widest;
}

/**
 * The x axis's labels as uPlot lays them out, and room right of the plot for half the widest of
 * them: uPlot centres a label on its tick and leaves 25 px there, so a last tick at the right edge
 * lost the end of its label ("24 Nov 2026", a category's name). uPlot asks for the padding again
 * after each layout pass, so it settles on the labels it draws.
 */
/** uPlot's own minimum distance between x ticks. */
const MIN_TICK_SPACE = 50;

type XValues = (u: uPlot, splits: number[], axis: number, space: number, step: number) => string[];
function labelRoom(values: XValues) {
  let shown: string[] = [];
  return {
    values: ((u, splits, axis, space, step) => {
      shown = values(u, splits, axis, space, step);
      return shown;
    }) satisfies XValues,
    right: () => Math.max(RIGHT_PADDING, Math.ceil(widestLine(shown) / 2) + 2),
    // Ticks at least a label and a gap apart: uPlot spaces them 50 px apart whatever their text, so
    // times in a long locale format ran into each other ("12:00 AM06:00 AM").
    space: () => Math.max(MIN_TICK_SPACE, Math.ceil(widestLine(shown)) + 16),
  };
}

const fromZero = (_u: uPlot, min: number, max: number) => [Math.min(0, min), Math.max(0, max)] as uPlot.Range.MinMax;
const yAxisSize = (_u: uPlot, values: string[] | null) => Math.max(50, Math.ceil(widestLine(values ?? [])) + 20);

/**
 * uPlot's options for a chart type over `series`; the names label the legend and axes. A series of
 * another order of magnitude than the first is drawn against a second axis on the right (yScales).
 */
export function chartOptions(
  type: ChartType,
  series: ChartSeries,
  names: { x: string; ys: string[] },
  size: { width: number; height: number },
  locale: string,
): uPlot.Options {
  const labels = series.labels;
  const scaleOf = yScales(series.ys);
  const twoScales = scaleOf.includes("y2");
  const namesOn = (scale: "y" | "y2") => names.ys.filter((_, i) => scaleOf[i] === scale).join(", ");
  const axis = (label: string): uPlot.Axis => ({
    stroke: AXIS,
    grid: { stroke: GRID, width: 1 },
    ticks: { stroke: GRID, width: 1 },
    font: FONT,
    labelFont: FONT,
    label,
  });
  const xLabels = labelRoom(
    labels
      ? (_u, splits) => splits.map((i) => (labels[i] ?? "").slice(0, 16))
      : series.role === "time"
        ? timeAxisValues(locale)
        : (_u, splits) => splits.map((n) => n.toLocaleString(locale)),
  );
  return {
    ...size,
    padding: [null, xLabels.right, null, null],
    // The legend is drawn by the view (translated, and readable by screen readers).
    legend: { show: false },
    cursor: { drag: { x: true, y: false }, points: { size: 6 } },
    scales: {
      x: {
        time: series.role === "time",
        // Bars sit between the ends, not on them.
        ...(type === "bar" ? { range: (_u, min, max) => [min - 0.5, max + 0.5] as uPlot.Range.MinMax } : {}),
      },
      // Bars grow from zero, so zero is in view.
      ...(type === "bar"
        ? {
            y: { range: fromZero },
            ...(twoScales ? { y2: { range: fromZero } } : {}),
          }
        : twoScales
          ? { y2: {} }
          : {}),
    },
    axes: [
      {
        ...axis(names.x),
        // Time in the reader's locale (uPlot's own labels are English templates: "12am", "1/7"),
        // numbers likewise, text as the category's name; each leaves itself room on the right.
        values: xLabels.values,
        space: xLabels.space,
        ...(labels
          ? {
              // Text across: one tick per category, labelled by it.
              splits: (_u: uPlot, _axis: number, min: number, max: number) => {
                const step = Math.max(1, Math.ceil((max - min) / 12));
                const out: number[] = [];
                for (let i = Math.ceil(min); i <= max; i += step) out.push(i);
                return out;
              },
            }
          : {}),
      },
      {
        // With two scales each axis names its series (else the legend does).
        ...axis(twoScales ? namesOn("y") : ""),
        // Wide enough for its longest number (uPlot's fixed 50 px cut "1,250,000" at the left edge):
        // the label, the 10 px tick and the 5 px gap.
        size: yAxisSize,
      },
      ...(twoScales
        ? [{ ...axis(namesOn("y2")), scale: "y2", side: 1, grid: { show: false }, size: yAxisSize } as uPlot.Axis]
        : []),
    ],
    series: [
      { label: names.x },
      ...names.ys.map((name, i): uPlot.Series => {
        const color = SERIES_COLORS[i % SERIES_COLORS.length] ?? AXIS;
        const common = { label: name, stroke: color, width: 2, scale: scaleOf[i] ?? "y" };
        // Bars and points are filled only: stroking 10,000 shapes costs more than drawing them.
        if (type === "bar") return { ...common, width: 0, fill: `${color}cc`, paths: columns, points: { show: false } };
        if (type === "area") return { ...common, fill: `${color}33` };
        if (type === "scatter") {
          return { ...common, width: 0, fill: color, paths: squares(4), points: { show: false } };
        }
        return common;
      }),
    ],
  };
}
