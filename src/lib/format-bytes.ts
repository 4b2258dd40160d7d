const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** 8192 → "8 kB" in the reader's locale (1024-based, as PostgreSQL's pg_size_pretty). */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
