// Plain values of the CSV import contract (db-import.ts), without zod: the browser needs them, and
// zod's full build probes `new Function` when it validates, which the app's CSP reports.

export const IMPORT_DELIMITERS = [",", ";", "\t", "|"] as const;
/** Largest file an import takes (bytes); counted while it streams. */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** Largest sample a preview reads (characters): the start of the file, enough for its first rows. */
export const IMPORT_SAMPLE_MAX_CHARS = 256 * 1024;
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_MAX_COLUMNS = 1_600;
/** Types a new table's columns may get: those inference proposes, plus text for anything. */
export const IMPORT_COLUMN_TYPES = [
  "bigint",
  "numeric",
  "boolean",
  "date",
  "timestamptz",
  "uuid",
  "jsonb",
  "text",
] as const;
export type ImportColumnType = (typeof IMPORT_COLUMN_TYPES)[number];
