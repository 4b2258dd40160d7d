import { z } from "zod";
import { tableFilterSchema } from "./table-filter.ts";

/**
 * Export formats: CSV (a header row; NULL an empty field, an empty string `""`), JSON (an array of
 * objects, numbers and booleans as JSON, json/jsonb embedded, bigint, numeric and dates as text)
 * and SQL (one INSERT per row).
 */
export const EXPORT_FORMATS = ["csv", "json", "sql"] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** JSON text of a TableFilter in a query string. */
export const filterParamSchema = z
  .string()
  .max(40_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "filter must be a JSON array of conditions" });
      return z.NEVER;
    }
  })
  .pipe(tableFilterSchema);

/** GET /db/{dbId}/export/table/{tableName}: every row of a table or view, filtered and sorted as asked. */
export const tableExportQuerySchema = z.strictObject({
  schemaName: z.string().min(1).max(63).default("public"),
  format: exportFormatSchema.default("csv"),
  filter: filterParamSchema.optional(),
  sortColumn: z.string().min(1).max(63).optional(),
  sortDirection: z.enum(["asc", "desc"]).default("asc"),
});
export type TableExportQuery = z.input<typeof tableExportQuerySchema>;

/** POST /db/{dbId}/export/query: the whole result of one read-only statement. */
export const queryExportRequestSchema = z.strictObject({
  /** At most SQL_TEXT_MAX_BYTES of UTF-8 (413 SQL_TOO_LARGE). */
  sql: z.string().min(1, "sql is required"),
  format: exportFormatSchema.default("csv"),
});
export type QueryExportRequest = z.input<typeof queryExportRequestSchema>;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  sql: "application/sql; charset=utf-8",
};
