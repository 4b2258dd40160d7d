import { formatCell } from "./format-cell";

function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = formatCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV with a header row; NULL becomes an empty field. */
export function rowsToCsv(columns: string[], rows: unknown[][]): string {
  return [columns, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n");
}

/** An array of objects keyed by column name. */
export function rowsToJson(columns: string[], rows: unknown[][]): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map((name, index) => [name, row[index] ?? null]))),
    null,
    2,
  );
}
