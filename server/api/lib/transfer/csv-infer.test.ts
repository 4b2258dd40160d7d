import { describe, expect, it } from "vitest";
import { inferColumnType } from "./csv-infer.ts";

describe("inferColumnType", () => {
  it("reads timestamps in PostgreSQL's own text form, the zone in hours alone included", () => {
    // What this console's CSV export writes for timestamptz (the server's zone UTC, then India).
    expect(inferColumnType(["2024-01-02 10:00:00+00", "2024-01-02 10:00:00.123456+05:30"])).toBe("timestamptz");
    expect(inferColumnType(["1883-11-18 12:00:00+05:53:28", "2024-01-02 10:00+0530"])).toBe("timestamptz");
    expect(inferColumnType(["2024-01-02T10:00:00Z", "2024-01-02 10:00:00", "2024-01-02t10:00:00z"])).toBe(
      "timestamptz",
    );
  });

  it("leaves what is not an instant as text", () => {
    expect(inferColumnType(["2024-01-02 10:00:00+00", "2024-13-02 10:00:00+00"])).toBe("text");
    expect(inferColumnType(["2024-01-02 25:00:00+00"])).toBe("text");
    expect(inferColumnType(["2024-01-02 10:00:00+0"])).toBe("text");
    expect(inferColumnType(["2024-01-02 10:00:00 +00"])).toBe("text");
  });

  it("takes the narrowest type every value fits", () => {
    expect(inferColumnType(["1", "-2", null, ""])).toBe("bigint");
    expect(inferColumnType(["1", "2.5"])).toBe("numeric");
    expect(inferColumnType(["t", "f"])).toBe("boolean");
    expect(inferColumnType(["2024-01-02"])).toBe("date");
    expect(inferColumnType(["00000000-0000-0000-0000-000000000001"])).toBe("uuid");
    expect(inferColumnType(['{"a":1}', "[1]"])).toBe("jsonb");
    expect(inferColumnType([null, ""])).toBe("text");
  });
});
