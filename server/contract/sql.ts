import { z } from "zod";

/** Largest SQL text accepted by execute, in UTF-8 bytes (the server refuses bodies over 1 MiB). */
export const SQL_TEXT_MAX_BYTES = 512 * 1024;

export const executeRequestSchema = z.strictObject({
  sql: z.string().min(1, "sql is required"),
  /** Chosen by the client (a UUID) so it can cancel the run before the answer arrives. */
  executionId: z.uuid().optional(),
  /** Run in a read-only transaction; the server may force this on (SQL_READ_ONLY). */
  readOnly: z.boolean().optional(),
});
export type ExecuteRequest = z.infer<typeof executeRequestSchema>;

export const sqlColumnSchema = z.object({ name: z.string(), type: z.string() });
export type SqlColumn = z.infer<typeof sqlColumnSchema>;

/**
 * One statement's result. Values: numbers and booleans as JSON, json/jsonb parsed, bigint, numeric,
 * dates and everything else as PostgreSQL's text form, bytea as `\x…` hex.
 */
export const sqlResultSchema = z.object({
  statement: z.string(),
  columns: z.array(sqlColumnSchema),
  rows: z.array(z.array(z.unknown())),
  /** Rows affected or returned as PostgreSQL reports it; null when the statement reports none. */
  rowCount: z.number().nullable(),
  command: z.string(),
  durationMs: z.number(),
  /** More rows existed than the row cap; only the first ones are in `rows`. */
  truncated: z.boolean(),
});
export type SqlResult = z.infer<typeof sqlResultSchema>;

/** The database's error for the statement that failed; later statements did not run. */
export const sqlErrorSchema = z.object({
  message: z.string(),
  /** SQLSTATE, e.g. 42P01; 57014 for a timeout or a cancel. */
  sqlState: z.string().nullable(),
  /** 1-based character position in the whole submitted SQL text, when the database gave one. */
  position: z.number().nullable(),
  statementIndex: z.number(),
  detail: z.string().nullable(),
  hint: z.string().nullable(),
});
export type SqlError = z.infer<typeof sqlErrorSchema>;

export const executeResponseSchema = z.object({
  executionId: z.string(),
  results: z.array(sqlResultSchema),
  error: sqlErrorSchema.nullable(),
  readOnly: z.boolean(),
});
export type ExecuteResponse = z.infer<typeof executeResponseSchema>;

export const cancelRequestSchema = z.strictObject({ executionId: z.uuid() });
export const cancelResponseSchema = z.object({ executionId: z.string(), cancelled: z.boolean() });
export type CancelResponse = z.infer<typeof cancelResponseSchema>;
