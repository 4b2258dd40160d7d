import { describe, expect, it } from "vitest";
import { nextBackupAt, parseBackupSchedule } from "./backup-schedule.ts";

const next = (spec: string, after: string) =>
  nextBackupAt(parseBackupSchedule(spec) ?? { kind: "hourly" }, new Date(after)).toISOString();

describe("BACKUP_SCHEDULE", () => {
  it("reads each form, and off", () => {
    expect(parseBackupSchedule(undefined)).toBeNull();
    expect(parseBackupSchedule(" OFF ")).toBeNull();
    expect(parseBackupSchedule("hourly")).toEqual({ kind: "hourly" });
    expect(parseBackupSchedule("daily")).toEqual({ kind: "daily", minute: 0 });
    expect(parseBackupSchedule("daily@03:30")).toEqual({ kind: "daily", minute: 210 });
    expect(parseBackupSchedule("weekly")).toEqual({ kind: "weekly", day: 0, minute: 0 });
    expect(parseBackupSchedule("weekly@mon@23:59")).toEqual({ kind: "weekly", day: 1, minute: 1439 });
    expect(parseBackupSchedule("6h")).toEqual({ kind: "interval", ms: 21_600_000 });
  });

  it("refuses what it cannot read, and intervals under five minutes", () => {
    for (const bad of ["daily@25:00", "daily@3:30", "weekly@someday", "every day", "4m", "0h", "hourly@05"]) {
      expect(() => parseBackupSchedule(bad), bad).toThrow(/must be off, hourly/);
    }
  });

  it("names the next time after now, in UTC", () => {
    expect(next("hourly", "2026-11-29T05:59:59.500Z")).toBe("2026-11-29T06:00:00.000Z");
    expect(next("hourly", "2026-11-29T23:00:00.000Z")).toBe("2026-11-30T00:00:00.000Z");
    expect(next("daily@03:30", "2026-11-29T03:29:00.000Z")).toBe("2026-11-29T03:30:00.000Z");
    expect(next("daily@03:30", "2026-11-29T03:30:00.000Z")).toBe("2026-11-30T03:30:00.000Z");
    expect(next("daily", "2026-12-31T12:00:00.000Z")).toBe("2027-01-01T00:00:00.000Z");
    // 2026-11-29 is a Sunday.
    expect(next("weekly", "2026-11-29T00:00:00.000Z")).toBe("2026-12-06T00:00:00.000Z");
    expect(next("weekly@mon@02:00", "2026-11-29T10:00:00.000Z")).toBe("2026-11-30T02:00:00.000Z");
    expect(next("weekly@sun@12:00", "2026-11-29T10:00:00.000Z")).toBe("2026-11-29T12:00:00.000Z");
    expect(next("30m", "2026-11-29T10:00:10.000Z")).toBe("2026-11-29T10:30:10.000Z");
  });
});
