import { describe, expect, it } from "vitest";
import { resolveAxes } from "./chart-data";
import { axesFromSearch, axesToSearch } from "./chart-url";

const columns = [
  { name: "id", type: "integer" },
  { name: "day", type: "date" },
  { name: "amount", type: "numeric" },
  { name: "count", type: "integer" },
];
const names = columns.map((c) => c.name);

describe("the chart's axes in the URL", () => {
  it("goes by column name both ways", () => {
    const axes = { type: "bar" as const, x: 1, ys: [0, 3] };
    const search = axesToSearch(names, axes);
    expect(search).toEqual({ chart: "bar", x: "day", y: ["id", "count"] });
    expect(axesFromSearch(names, search)).toEqual(axes);
    // Columns in another order (one added in front): the same columns are meant.
    expect(axesFromSearch(["new", ...names], search)).toEqual({ type: "bar", x: 2, ys: [1, 4] });
  });

  it("leaves names the columns lack to the chart's guess, but keeps a choice of no y column", () => {
    expect(axesFromSearch(names, { x: "gone", y: ["gone"] })).toEqual({ type: undefined, x: undefined, ys: undefined });
    expect(axesFromSearch(names, { y: ["gone", "count"] }).ys).toEqual([3]);
    expect(axesFromSearch(names, { y: [] }).ys).toEqual([]);
  });
});

describe("resolveAxes", () => {
  it("fills what was not chosen with the guess", () => {
    expect(resolveAxes(columns, {})).toEqual({ type: "line", x: 1, ys: [2, 3] });
    expect(resolveAxes(columns, { type: "area" })).toEqual({ type: "area", x: 1, ys: [2, 3] });
    expect(resolveAxes(columns, { ys: [] })).toEqual({ type: "line", x: 1, ys: [] });
  });

  it("keeps the y columns off the x column and inside the columns", () => {
    expect(resolveAxes(columns, { x: 2, ys: [3, 2, 9, 3] })).toEqual({ type: "line", x: 2, ys: [3] });
    // Before the rows arrive there are no columns; the choice applies once they do.
    expect(resolveAxes([], { x: 2, ys: [3] })).toEqual({ type: "bar", x: 0, ys: [] });
  });
});
