import { describe, expect, it } from "vitest";
import { defaultMapping } from "./import-api";

describe("default column mapping", () => {
  it("maps by name ignoring case and blanks, each table column once, the rest skipped", () => {
    expect(defaultMapping(["ID", " name ", "extra", "id"], ["id", "name", "born"])).toEqual(["id", "name", null, null]);
  });
});
