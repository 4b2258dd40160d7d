/**
 * BACKUP_SCHEDULE: when the server makes a backup by itself (UTC).
 * - `hourly` (at minute 0), `daily` or `daily@HH:MM`, `weekly` or `weekly@DAY` or `weekly@DAY@HH:MM`
 *   (DAY: sun…sat; `weekly` alone is Sunday 00:00)
 * - an interval: `30m`, `6h`, `2d` (counted from the server's start, then from each run)
 * - `off` or unset: no schedule
 */
export type BackupSchedule =
  | { kind: "interval"; ms: number }
  | { kind: "hourly" }
  | { kind: "daily"; minute: number }
  | { kind: "weekly"; day: number; minute: number };

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

function minuteOfDay(text: string | undefined): number | null {
  if (text === undefined) return 0;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The schedule, null for `off`; a string that is none of the forms throws with the forms in its message. */
export function parseBackupSchedule(text: string | undefined): BackupSchedule | null {
  const spec = (text ?? "").trim().toLowerCase();
  if (spec === "" || spec === "off") return null;
  const interval = /^(\d{1,4})(m|h|d)$/.exec(spec);
  if (interval) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[interval[2] as "m" | "h" | "d"];
    const ms = Number(interval[1]) * unit;
    if (ms >= 5 * 60_000) return { kind: "interval", ms };
  }
  if (spec === "hourly") return { kind: "hourly" };
  const [word, first, second] = spec.split("@");
  if (word === "daily" && second === undefined) {
    const minute = minuteOfDay(first);
    if (minute !== null) return { kind: "daily", minute };
  }
  if (word === "weekly") {
    const day = first === undefined ? 0 : DAYS.indexOf(first);
    const minute = minuteOfDay(second);
    if (day >= 0 && minute !== null) return { kind: "weekly", day, minute };
  }
  throw new Error(
    "must be off, hourly, daily, daily@HH:MM, weekly, weekly@DAY, weekly@DAY@HH:MM (UTC; DAY sun…sat), " +
      "or an interval of at least 5 minutes such as 30m, 6h, 2d",
  );
}

/** The first time after `after` the schedule names (an interval: `after` plus the interval). */
export function nextBackupAt(schedule: BackupSchedule, after: Date): Date {
  const at = new Date(after.getTime());
  at.setUTCSeconds(0, 0);
  switch (schedule.kind) {
    case "interval":
      return new Date(after.getTime() + schedule.ms);
    case "hourly":
      at.setUTCMinutes(0);
      at.setUTCHours(at.getUTCHours() + 1);
      return at;
    case "daily": {
      at.setUTCHours(0, schedule.minute);
      if (at <= after) at.setUTCDate(at.getUTCDate() + 1);
      return at;
    }
    case "weekly": {
      at.setUTCHours(0, schedule.minute);
      at.setUTCDate(at.getUTCDate() + ((schedule.day - at.getUTCDay() + 7) % 7));
      if (at <= after) at.setUTCDate(at.getUTCDate() + 7);
      return at;
    }
  }
}
