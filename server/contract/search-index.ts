import { z } from "zod";

/**
 * A trigram index for `contains` searches on one column (issue 30): `pg_trgm`'s GIN operator class
 * over the column as text, which is what the table page's search and `contains` filter compare.
 */
export const searchIndexQuerySchema = z.strictObject({
  schemaName: z.string().min(1).max(63).default("public"),
  column: z.string().min(1).max(63),
});
export const searchIndexRequestSchema = searchIndexQuerySchema;

export const searchIndexSchema = z.object({
  /** The database offers `pg_trgm` (installed already, or installable). */
  available: z.boolean(),
  /** A trigram index already covers the column. */
  indexed: z.boolean(),
  /** What creating the index runs, in order (shown before it runs): empty when nothing is to do. */
  statements: z.array(z.string()),
});
export type SearchIndex = z.infer<typeof searchIndexSchema>;

export const searchIndexCreatedSchema = z.object({ created: z.literal(true), statements: z.array(z.string()) });
export type SearchIndexCreated = z.infer<typeof searchIndexCreatedSchema>;
