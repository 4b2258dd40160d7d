import { describe, expect, it } from "vitest";
import { filterFromUrl, filterToUrl, splitList } from "./filter-url";

describe("filter in the URL", () => {
  it("round-trips conditions and reads nothing from a broken or hostile link", () => {
    const filter = [
      { column: "price", op: "ge" as const, value: "2" },
      { column: "id", op: "in" as const, values: ["1", "2"] },
      { column: "name", op: "is_null" as const },
    ];
    expect(filterFromUrl(filterToUrl(filter))).toEqual(filter);
    expect(filterToUrl([])).toBeUndefined();
    for (const bad of ["[{", '[{"column":"a","op":"drop"}]', '{"a":1}', 42, undefined, ""]) {
      expect(filterFromUrl(bad)).toEqual([]);
    }
  });

  it("splits an 'in' list by commas, dropping blanks", () => {
    expect(splitList(" a, b ,,c ")).toEqual(["a", "b", "c"]);
  });
});
