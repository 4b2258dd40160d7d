import { describe, expect, it } from "vitest";
import { timeAxisValues } from "./time-labels";

const HOUR = 3600;
// Midnight of 7 January 2024 in the test's time zone: uPlot places its ticks in local time too.
const midnight = new Date(2024, 0, 7).getTime() / 1000;

describe("timeAxisValues", () => {
  it("labels hours in German with the date under the first tick and at the change of day", () => {
    const values = timeAxisValues("de")(null, [midnight - HOUR, midnight, midnight + HOUR], 0, 50, HOUR);
    expect(values).toEqual(["23:00\n06.01.2024", "00:00\n07.01.2024", "01:00"]);
    expect(values.join(" ")).not.toMatch(/am|pm/i);
  });

  it("labels days with the month's name in the reader's language and the year once", () => {
    const days = [midnight, midnight + 24 * HOUR];
    expect(timeAxisValues("de")(null, days, 0, 50, 24 * HOUR)).toEqual(["7. Jan.\n2024", "8. Jan."]);
    expect(timeAxisValues("en")(null, days, 0, 50, 24 * HOUR)).toEqual(["Jan 7\n2024", "Jan 8"]);
  });

  it("labels years alone", () => {
    expect(timeAxisValues("de")(null, [midnight], 0, 50, 366 * 24 * HOUR)).toEqual(["2024"]);
  });
});
