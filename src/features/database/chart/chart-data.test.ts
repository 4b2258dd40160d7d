import { describe, expect, it } from "vitest";
import { defaultAxes, roleOf, timeValue, toSeries, yScales } from "./chart-data";

describe("chart data", () => {
  it("knows time, number and text columns by their type names", () => {
    expect(
      ["timestamp with time zone", "date", "integer", "numeric(10,2)", "double precision", "text", "jsonb"].map(roleOf),
    ).toEqual(["time", "time", "number", "number", "number", "text", "text"]);
  });

  it("defaults to a time column across as lines, text as bars, numbers as points", () => {
    const t = { name: "t", type: "timestamp with time zone" };
    const n = { name: "n", type: "integer" };
    const m = { name: "m", type: "numeric" };
    const s = { name: "s", type: "text" };
    expect(defaultAxes([n, t, m])).toEqual({ x: 1, ys: [0, 2], type: "line" });
    expect(defaultAxes([s, n])).toEqual({ x: 0, ys: [1], type: "bar" });
    expect(defaultAxes([n, m])).toEqual({ x: 0, ys: [1], type: "scatter" });
    expect(defaultAxes([s])).toEqual({ x: 0, ys: [], type: "bar" });
    // Keys are left out while there are measures.
    const id = { name: "id", type: "integer" };
    const shop = { name: "shop_id", type: "integer" };
    expect(defaultAxes([id, shop, t, m])).toEqual({ x: 2, ys: [3], type: "line" });
    expect(defaultAxes([id, t])).toEqual({ x: 1, ys: [0], type: "line" });
  });

  it("reads PostgreSQL's timestamps and dates as seconds", () => {
    expect(timeValue("2024-01-15 10:00:00+00")).toBe(Date.UTC(2024, 0, 15, 10) / 1000);
    expect(timeValue("2024-01-15")).toBe(Date.UTC(2024, 0, 15) / 1000);
    expect(timeValue("nope")).toBeNull();
  });

  it("sorts by x, drops rows without one, and keeps unreadable y values as gaps", () => {
    const columns = [
      { name: "x", type: "integer" },
      { name: "y", type: "numeric" },
    ];
    const series = toSeries(
      columns,
      [
        [3, "1.5"],
        [null, 9],
        [1, "x"],
        [2, 4],
      ],
      { x: 0, ys: [1] },
    );
    expect(series).toEqual({ role: "number", xs: [1, 2, 3], labels: null, ys: [[null, 4, 1.5]], skipped: 1 });
    const text = toSeries(
      [{ name: "s", type: "text" }, columns[1] as never],
      [
        ["a", 1],
        [null, 2],
      ],
      { x: 0, ys: [1] },
    );
    expect(text).toMatchObject({ xs: [0, 1], labels: ["a", ""], ys: [[1, 2]] });
  });

  it("puts a series of another order of magnitude on a second axis", () => {
    const revenue = [12_500, 48_000, 31_000];
    const orders = [12, 40, 27];
    const refunds = [10_000, 20_000, null];
    expect(yScales([revenue, orders, refunds])).toEqual(["y", "y2", "y"]);
    expect(yScales([orders, revenue])).toEqual(["y", "y2"]);
    expect(yScales([revenue, [9_000, 20_000]])).toEqual(["y", "y"]);
    // An empty or all-zero series has no magnitude to compare.
    expect(yScales([[0, 0], orders])).toEqual(["y", "y"]);
    expect(yScales([revenue])).toEqual(["y"]);
  });
});
