import type { I18n } from "@lingui/core";

/** Bytes in the reader's units and number format (1.2 MB, 1,2 MB). */
export function backupSize(i18n: I18n, bytes: number): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return i18n.number(value, { style: "unit", unit: units[unit], maximumFractionDigits: unit === 0 ? 0 : 1 });
}
