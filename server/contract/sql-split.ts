import { z } from "zod";
import { SQL_TEXT_MAX_BYTES } from "./sql.ts";

export const sqlSplitRequestSchema = z.strictObject({
  sql: z.string().refine((s) => new TextEncoder().encode(s).length <= SQL_TEXT_MAX_BYTES, "sql is too large"),
});
export type SqlSplitRequest = z.infer<typeof sqlSplitRequestSchema>;

export const scriptStatementSchema = z.object({
  text: z.string(),
  /** 0-based character offsets into the submitted text. */
  start: z.number(),
  end: z.number(),
  kind: z.string(),
  destructive: z.enum(["drop", "truncate", "update-without-where", "delete-without-where"]).nullable(),
});

/** A script that does not parse answers 200 with `syntaxError` set and no statements. */
export const sqlSplitResponseSchema = z.object({
  statements: z.array(scriptStatementSchema),
  syntaxError: z.string().nullable(),
});
export type SqlSplitResponse = z.infer<typeof sqlSplitResponseSchema>;
