import { describe, expect, it } from "vitest";
import { importsIntoOnScreen } from "./import-target";

describe("importsIntoOnScreen", () => {
  it("takes a table on screen that an older list does not name yet", () => {
    // A reload shows the saved schema list first; the table was created after it was saved.
    expect(importsIntoOnScreen(undefined, undefined)).toBe(true);
    expect(importsIntoOnScreen("table", undefined)).toBe(true);
    expect(importsIntoOnScreen("partitioned_table", undefined)).toBe(true);
  });

  it("refuses what is not a table, whichever answer says so", () => {
    for (const kind of ["view", "materialized_view", "foreign_table"] as const) {
      expect(importsIntoOnScreen(kind, undefined)).toBe(false);
      expect(importsIntoOnScreen(undefined, kind)).toBe(false);
    }
  });

  it("believes the relation's own structure over the list", () => {
    // A view replaced by a table of the same name, and the other way round.
    expect(importsIntoOnScreen("table", "view")).toBe(true);
    expect(importsIntoOnScreen("view", "table")).toBe(false);
  });
});
