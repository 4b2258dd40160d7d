import { describe, expect, it } from "vitest";
import { parseDatabaseSearch } from "./database-search";
import { pickDatabaseSearch } from "./search-keys";

/** What the page sees of a URL's search: the route's pick, then the page's check. */
const seen = (search: Record<string, unknown>) => parseDatabaseSearch(pickDatabaseSearch(search));

describe("database page search", () => {
  it("keeps the table's view and chart, and the page's keyset cursor", () => {
    const search = {
      view: "table",
      table: "sales",
      tab: "chart",
      chart: "line",
      x: "day",
      y: ["amount", "count"],
      after: ["50"],
    };
    expect(seen({ ...search, other: "dropped" })).toEqual(search);
    expect(seen({ tab: "structure", before: ["101"] })).toEqual({ tab: "structure", before: ["101"] });
  });

  it("drops a bad view or chart value and keeps the rest", () => {
    expect(seen({ table: "t", tab: "pie", chart: "pie", x: "", y: "amount" })).toEqual({ table: "t" });
    // The router reads `?x=2024` as a number: a column name is text either way.
    expect(seen({ x: 2024, y: ["a", 7] })).toEqual({ x: "2024", y: ["a", "7"] });
  });

  it("keeps a snippet's link and drops an empty or overlong one", () => {
    const id = "5d7f0f6b-1b1d-4a3e-8f0e-6f5b9a2c7e11";
    expect(seen({ snippet: id })).toEqual({ snippet: id });
    expect(seen({ snippet: "", view: "sql" })).toEqual({ view: "sql" });
    expect(seen({ snippet: "x".repeat(101) })).toEqual({});
  });
});
