import { z } from "zod";

/** Most changes one request may apply; they all run in one transaction. */
export const ROW_CHANGES_MAX = 1000;

/** Column name -> value. Values travel as JSON; PostgreSQL casts them to the column's type. */
const rowValuesSchema = z.record(z.string().min(1), z.unknown());

export const rowChangeSchema = z.discriminatedUnion("op", [
  /** `key` names every primary-key column and nothing else; `values` the columns to set. */
  z.strictObject({ op: z.literal("update"), key: rowValuesSchema, values: rowValuesSchema }),
  z.strictObject({ op: z.literal("insert"), values: rowValuesSchema }),
  z.strictObject({ op: z.literal("delete"), key: rowValuesSchema }),
]);
export type RowChange = z.infer<typeof rowChangeSchema>;

export const rowChangesRequestSchema = z.strictObject({
  schemaName: z.string().min(1).max(63).default("public"),
  tableName: z.string().min(1).max(63),
  changes: z.array(rowChangeSchema).min(1).max(ROW_CHANGES_MAX),
});
export type RowChangesRequest = z.input<typeof rowChangesRequestSchema>;

/** Every change applied, in order, with the row as it is after the change (before, for deletes). */
export const rowChangesResponseSchema = z.object({
  applied: z.array(z.object({ op: z.enum(["update", "insert", "delete"]), row: z.record(z.string(), z.unknown()) })),
});
export type RowChangesResponse = z.infer<typeof rowChangesResponseSchema>;
