/** How a result column can serve a chart: as time, as numbers, or as category labels. */
export type ColumnRole = "time" | "number" | "text";
export const CHART_TYPES = ["bar", "line", "area", "scatter"] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartColumn {
  name: string;
  /** format_type() of the column, as the grid has it: `integer`, `timestamp with time zone`, `text`. */
  type: string;
}

const NUMBER = /^(smallint|integer|bigint|numeric|decimal|real|double precision|money|int[248]?|float[48])\b/;
const TIME = /^(date|timestamp)\b/;

export function roleOf(type: string): ColumnRole {
  if (TIME.test(type)) return "time";
  if (NUMBER.test(type)) return "number";
  return "text";
}

const KEY_NAME = /^id$|_id$|Id$/;

export interface ChartAxes {
  x: number;
  ys: number[];
  type: ChartType;
}

/**
 * What a chart shows first: a time column across with the numeric ones as lines; else a text
 * column across with bars; else numbers against numbers as points. At most four series.
 */
export function defaultAxes(columns: ChartColumn[]): ChartAxes {
  const roles = columns.map((c) => roleOf(c.type));
  const allNumbers = roles.flatMap((role, i) => (role === "number" ? [i] : []));
  // Keys (`id`, `shop_id`) are numbers no one plots; measures are, when there are any.
  const measures = allNumbers.filter((i) => !KEY_NAME.test(columns[i]?.name ?? ""));
  const numbers = measures.length ? measures : allNumbers;
  const time = roles.indexOf("time");
  const text = roles.indexOf("text");
  if (time >= 0) return { x: time, ys: numbers.slice(0, 4), type: "line" };
  if (text >= 0 && numbers.length) return { x: text, ys: numbers.slice(0, 4), type: "bar" };
  if (numbers.length >= 2) return { x: numbers[0] ?? 0, ys: numbers.slice(1, 5), type: "scatter" };
  return { x: 0, ys: numbers.filter((i) => i !== 0).slice(0, 4), type: "bar" };
}

/** PostgreSQL's text of a timestamp (`2024-01-15 10:00:00+00`) as seconds since 1970, or null. */
export function timeValue(value: unknown): number | null {
  if (typeof value !== "string") return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`) / 1000;
  // `+00` → `+00:00`, the offset form Date.parse reads; no offset means UTC, as the server runs.
  let iso = value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00");
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(iso)) iso += "Z";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms / 1000;
}

function numberValue(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  return null;
}

export interface ChartSeries {
  role: ColumnRole;
  /** x positions: seconds for time, the value for numbers, the row's place for text. */
  xs: number[];
  /** Text x: the label of each position. */
  labels: string[] | null;
  ys: Array<Array<number | null>>;
  /** Rows left out because their x is empty or unreadable. */
  skipped: number;
}

/**
 * The rows as uPlot's columns: x ascending (uPlot draws and hovers along a sorted x), rows without
 * an x left out, unreadable y values as gaps.
 */
export function toSeries(columns: ChartColumn[], rows: unknown[][], axes: Pick<ChartAxes, "x" | "ys">): ChartSeries {
  const role = roleOf(columns[axes.x]?.type ?? "text");
  const points: Array<{ x: number; row: unknown[]; label: string }> = [];
  rows.forEach((row, index) => {
    const raw = row[axes.x];
    if (role === "text") {
      points.push({ x: index, row, label: raw === null || raw === undefined ? "" : String(raw) });
      return;
    }
    const x = role === "time" ? timeValue(raw) : numberValue(raw);
    if (x !== null) points.push({ x, row, label: "" });
  });
  if (role !== "text") points.sort((a, b) => a.x - b.x);
  else
    points.forEach((p, i) => {
      p.x = i;
    });
  return {
    role,
    xs: points.map((p) => p.x),
    labels: role === "text" ? points.map((p) => p.label) : null,
    ys: axes.ys.map((y) => points.map((p) => numberValue(p.row[y]))),
    skipped: rows.length - points.length,
  };
}

/**
 * The axes shown: what the user chose where it still fits the columns, the guess for the rest (a
 * chart opened before its rows arrive, or a link naming a column that is gone, gets the guess).
 */
export function resolveAxes(columns: ChartColumn[], chosen: Partial<ChartAxes>): ChartAxes {
  const guess = defaultAxes(columns);
  const fits = (i: number) => Number.isInteger(i) && i >= 0 && i < columns.length;
  const x = chosen.x !== undefined && fits(chosen.x) ? chosen.x : guess.x;
  const ys = [...new Set(chosen.ys ?? guess.ys)].filter((y) => fits(y) && y !== x).sort((a, b) => a - b);
  return { x, ys, type: chosen.type ?? guess.type };
}

/** A series this many times larger or smaller than the first one is drawn against a second axis. */
const MAGNITUDE_GAP = 10;

/**
 * Which y scale each series is drawn on: the first series's ("y", on the left) and every series of
 * its order of magnitude; a series ten times larger or smaller goes on a second scale ("y2", on the
 * right), so `orders` beside `revenue` is not a flat line along the bottom.
 */
export function yScales(ys: Array<Array<number | null>>): Array<"y" | "y2"> {
  const peak = (values: Array<number | null>) =>
    values.reduce<number>((top, v) => (v === null ? top : Math.max(top, Math.abs(v))), 0);
  const first = peak(ys[0] ?? []);
  return ys.map((values, i) => {
    if (i === 0) return "y";
    const own = peak(values);
    if (first === 0 || own === 0) return "y";
    const ratio = own > first ? own / first : first / own;
    return ratio >= MAGNITUDE_GAP ? "y2" : "y";
  });
}
