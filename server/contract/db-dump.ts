import { z } from "zod";

/**
 * A database as one plain SQL file (`GET /db/{id}/dump?contents=…`, pg_dump's plain format, streamed)
 * and such a file back into an empty database (`POST /db/{id}/restore`, the file as the body, streamed).
 */
export const DUMP_CONTENTS = ["schema", "data"] as const;
export type DumpContents = (typeof DUMP_CONTENTS)[number];

export const dumpQuerySchema = z.strictObject({ contents: z.enum(DUMP_CONTENTS).default("data") });

/** The largest .sql file a restore reads; past it the upload is refused (IMPORT_TOO_LARGE). */
export const RESTORE_MAX_BYTES = 1024 * 1024 * 1024;

/** The longest one statement of a restored file may be (its COPY rows do not count): it is held whole to run. */
export const RESTORE_STATEMENT_MAX_BYTES = 16 * 1024 * 1024;

export const restoreResultSchema = z.object({
  /** Statements run (each COPY counts once). */
  statements: z.number(),
  /** Rows COPY loaded. */
  rows: z.number(),
  /** Bytes of the file read. */
  bytes: z.number(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;
