import { IMPORT_DELIMITERS, type ImportColumnType } from "../../../contract/db-import.ts";

const INTEGER = /^[-+]?[0-9]+$/;
const NUMERIC = /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/;
const BOOLEAN = /^(true|false|t|f|yes|no)$/i;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
/** ISO 8601 and PostgreSQL's own output (`2024-01-02 10:00:00.123456+05:30`, `+00`, `+05:53:28`). */
const TIMESTAMP =
  /^([0-9]{4}-[0-9]{2}-[0-9]{2})[T ]([0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?)(Z|[+-][0-9]{2}(?::?[0-9]{2}(?::[0-9]{2})?)?)?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BIGINT_MAX = 9223372036854775807n;

const fits = (value: string, type: ImportColumnType): boolean => {
  switch (type) {
    case "bigint":
      if (!INTEGER.test(value)) return false;
      try {
        const n = BigInt(value);
        return n <= BIGINT_MAX && n >= -BIGINT_MAX - 1n;
      } catch {
        return false;
      }
    case "numeric":
      return NUMERIC.test(value);
    case "boolean":
      return BOOLEAN.test(value);
    case "date":
      return DATE.test(value) && !Number.isNaN(Date.parse(value));
    case "timestamptz": {
      const iso = isoTimestamp(value);
      return iso !== null && !Number.isNaN(Date.parse(iso));
    }
    case "uuid":
      return UUID.test(value);
    case "jsonb":
      if (!/^\s*[[{]/.test(value)) return false;
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    default:
      return true;
  }
};

/**
 * A timestamp in the ISO form Date.parse reads, for checking it is a real instant: Date.parse
 * refuses PostgreSQL's zone of hours alone (`+00`, what timestamptz prints in UTC) and a zone with
 * seconds, so the zone is written `+HH:MM` (seconds dropped: the check is of the date and time).
 */
function isoTimestamp(value: string): string | null {
  const match = TIMESTAMP.exec(value);
  if (!match) return null;
  const [, date, time, zone] = match;
  if (!zone || zone.toUpperCase() === "Z") return `${date}T${time}${zone ?? ""}`;
  const digits = zone.slice(1).replaceAll(":", "");
  return `${date}T${time}${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || "00"}`;
}

/** Narrowest first: a column takes the first type every one of its non-empty values fits. */
const CANDIDATES: ImportColumnType[] = ["bigint", "numeric", "boolean", "date", "timestamptz", "uuid", "jsonb"];

/**
 * The column type a new table should get for these sample values: the narrowest that reads every
 * non-empty one (empty and NULL say nothing), text when none does or there is nothing to go by.
 */
export function inferColumnType(values: Array<string | null>): ImportColumnType {
  const present = values.filter((v): v is string => v !== null && v.trim() !== "");
  if (present.length === 0) return "text";
  return CANDIDATES.find((type) => present.every((v) => fits(v.trim(), type))) ?? "text";
}

/** The delimiter the sample's first line splits best by (outside quotes), a comma when none is there. */
export function detectDelimiter(sample: string): (typeof IMPORT_DELIMITERS)[number] {
  const line = sample.split(/\r?\n/, 1)[0] ?? "";
  let best: (typeof IMPORT_DELIMITERS)[number] = ",";
  let bestCount = 0;
  for (const delimiter of IMPORT_DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const char of line) {
      if (char === '"') quoted = !quoted;
      else if (!quoted && char === delimiter) count++;
    }
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Column names for a new table: the header's, trimmed; blanks become column_N, repeats get _2, _3. */
export function columnNames(header: Array<string | null> | null, width: number): string[] {
  const seen = new Set<string>();
  return Array.from({ length: width }, (_, i) => {
    const raw = (header?.[i] ?? "").trim().slice(0, 60);
    const base = raw === "" ? `column_${i + 1}` : raw;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base}_${n}`;
    seen.add(name);
    return name;
  });
}
