import { z } from "zod";
import {
  IMPORT_COLUMN_TYPES,
  IMPORT_DELIMITERS,
  IMPORT_MAX_COLUMNS,
  IMPORT_SAMPLE_MAX_CHARS,
  type ImportColumnType,
} from "./db-import-values.ts";

export * from "./db-import-values.ts";
export type { ImportColumnType };

/**
 * CSV import: a preview of a sample (the first bytes of the file, sent as JSON) answers the header,
 * the first rows and a type inferred for each column; the import itself streams the whole file as
 * the request body (text/csv) into an existing table (with a mapping of CSV columns to table
 * columns) or into a new table made from the inferred types, in one transaction.
 */
export const importDelimiterSchema = z.enum(IMPORT_DELIMITERS);

export const importColumnTypeSchema = z.enum(IMPORT_COLUMN_TYPES);

const booleanParam = z.enum(["true", "false"]).transform((v) => v === "true");

export const importPreviewRequestSchema = z.strictObject({
  sample: z.string().min(1, "sample is required").max(IMPORT_SAMPLE_MAX_CHARS),
  delimiter: importDelimiterSchema.optional(),
  header: z.boolean().default(true),
  /** The sample is the file's start, not all of it: a last line cut short is dropped, not an error. */
  truncated: z.boolean().default(false),
});
export type ImportPreviewRequest = z.input<typeof importPreviewRequestSchema>;

export const importPreviewSchema = z.object({
  /** The delimiter asked for, or the one found in the sample. */
  delimiter: importDelimiterSchema,
  /** Column names: the header's (blank and repeated ones made unique), or column_1, column_2, … */
  columns: z.array(z.object({ name: z.string(), type: importColumnTypeSchema })),
  /** The first rows (at most IMPORT_PREVIEW_ROWS), each value as text; null for an empty unquoted field. */
  rows: z.array(z.array(z.string().nullable())),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The JSON text of a query parameter, validated by `schema`. */
const jsonParam = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .max(200_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);

const identifier = z.string().min(1).max(63);

/**
 * POST /db/{dbId}/import/table/{tableName}: the CSV as the body. `mapping` lists, for each CSV
 * column in order, the table column it goes into, or null to leave it out.
 */
export const importIntoTableQuerySchema = z.strictObject({
  schemaName: identifier.default("public"),
  delimiter: importDelimiterSchema.default(","),
  header: booleanParam.default(true),
  mapping: jsonParam(z.array(identifier.nullable()).min(1).max(IMPORT_MAX_COLUMNS)),
});
export type ImportIntoTableQuery = z.input<typeof importIntoTableQuerySchema>;

/** POST /db/{dbId}/import/new-table: the CSV as the body; the table is made with `columns`, one per CSV column. */
export const importNewTableQuerySchema = z.strictObject({
  schemaName: identifier.default("public"),
  tableName: identifier,
  delimiter: importDelimiterSchema.default(","),
  header: booleanParam.default(true),
  columns: jsonParam(
    z
      .array(z.object({ name: identifier, type: importColumnTypeSchema }))
      .min(1)
      .max(IMPORT_MAX_COLUMNS),
  ),
});
export type ImportNewTableQuery = z.input<typeof importNewTableQuerySchema>;

export const importResultSchema = z.object({
  schemaName: z.string(),
  tableName: z.string(),
  /** Rows written (all of the file's, or none: a refused row rolls the whole import back). */
  rows: z.number(),
  /** `copy`: PostgreSQL's COPY; `insert`: batched INSERTs (PGlite, which takes no COPY from a client). */
  method: z.enum(["copy", "insert"]),
  created: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
