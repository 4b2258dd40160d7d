import { formatCell } from "./format-cell";

/** JSON (objects, or text that parses as an object or array) indented; anything else as it reads in the grid. */
export function prettyCell(value: unknown): { text: string; json: boolean } {
  if (value !== null && typeof value === "object") return { text: JSON.stringify(value, null, 2), json: true };
  if (typeof value === "string" && /^\s*[[{]/.test(value)) {
    try {
      return { text: JSON.stringify(JSON.parse(value), null, 2), json: true };
    } catch {
      // Not JSON after all: shown as the text it is.
    }
  }
  return { text: formatCell(value), json: false };
}

/** One row as a JSON object keyed by column name, the form "Copy row" puts on the clipboard. */
export function rowText(columns: Array<{ name: string }>, row: unknown[]): string {
  return JSON.stringify(Object.fromEntries(columns.map((column, index) => [column.name, row[index] ?? null])));
}

export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}
