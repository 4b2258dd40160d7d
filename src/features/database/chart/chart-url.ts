import type { ChartAxes, ChartType } from "./chart-data";

/** The chart's part of the database page's URL: its type and its columns by name. */
export interface ChartSearch {
  chart?: ChartType;
  x?: string;
  y?: string[];
}

/**
 * The URL's chart as column positions. Names, not positions, go into the URL: a link stays right
 * when columns are added to the table. A name the columns lack is left to the chart's guess.
 */
export function axesFromSearch(names: string[], search: ChartSearch): Partial<ChartAxes> {
  const x = search.x === undefined ? -1 : names.indexOf(search.x);
  const ys = search.y?.map((name) => names.indexOf(name)).filter((i) => i >= 0);
  return {
    type: search.chart,
    x: x >= 0 ? x : undefined,
    // No y column chosen is a choice; chosen ones that are all gone are not.
    ys: ys?.length || search.y?.length === 0 ? ys : undefined,
  };
}

export function axesToSearch(names: string[], axes: ChartAxes): Required<ChartSearch> {
  return {
    chart: axes.type,
    x: names[axes.x] ?? "",
    y: axes.ys.flatMap((i) => names[i] ?? []),
  };
}
