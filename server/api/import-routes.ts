import { Hono } from "hono";
import {
  IMPORT_PREVIEW_ROWS,
  type ImportPreview,
  importIntoTableQuerySchema,
  importNewTableQuerySchema,
  importPreviewRequestSchema,
} from "../contract/db-import.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson, readQuery } from "./lib/core/read-input.ts";
import { type DatabaseContext, type DatabaseEnv, leaseOwnDatabase, ownDatabase } from "./lib/databases/own-database.ts";
import { discardBody, importCsv } from "./lib/transfer/csv-import.ts";
import { columnNames, detectDelimiter, inferColumnType } from "./lib/transfer/csv-infer.ts";
import { CsvReader } from "./lib/transfer/csv-reader.ts";

/**
 * POST /db/{dbId}/import/preview: the header, first rows and inferred types of a sample;
 * POST …/import/table/{tableName} and …/import/new-table: the whole CSV as the body, into a table.
 * The two uploads stream (the HTTP app lets their bodies through unread, see streamed-uploads.ts).
 */
export function importRoutes(deps: ApiDeps) {
  const intoDatabase = async (c: DatabaseContext, run: Parameters<typeof importCsv>[1]) => {
    // Ownership first: another user's database is a 404 before a byte of the file is read.
    const { lease } = await leaseOwnDatabase(deps, c, "developer");
    try {
      return await importCsv(lease.target, run);
    } finally {
      lease.release();
    }
  };
  /** Whatever refused the upload, its unread body is dropped before the answer (see discardBody). */
  const refusing = async <T>(c: { req: { raw: Request } }, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      await discardBody(c.req.raw.body);
      throw error;
    }
  };

  return new Hono<DatabaseEnv>()
    .post("/preview", async (c) => {
      const input = await readJson(c, importPreviewRequestSchema);
      await ownDatabase(deps, c, "developer");
      const delimiter = input.delimiter ?? detectDelimiter(input.sample);
      // A sample cut from a larger file may end mid-record: only its complete records count (push
      // without end). Errors (IMPORT_CSV_MALFORMED with the line) are those the import would answer.
      const reader = new CsvReader(delimiter);
      const records = (input.truncated ? reader.push(input.sample) : [...reader.push(input.sample), ...reader.end()])
        .slice(0, IMPORT_PREVIEW_ROWS * 50 + 1)
        .map((r) => r.values);
      if (records.length === 0) throw apiError("IMPORT_CSV_EMPTY", "The file is empty.");
      const width = records[0]?.length ?? 0;
      const header = input.header ? (records[0] ?? null) : null;
      const data = input.header ? records.slice(1) : records;
      const names = columnNames(header, width);
      const preview: ImportPreview = {
        delimiter,
        columns: names.map((name, i) => ({ name, type: inferColumnType(data.map((r) => r[i] ?? null)) })),
        rows: data.slice(0, IMPORT_PREVIEW_ROWS),
      };
      return c.json(ok(preview));
    })
    .post("/table/:tableName", async (c) => {
      const result = await refusing(c, () => {
        const query = readQuery(c, importIntoTableQuerySchema);
        return intoDatabase(c, {
          schemaName: query.schemaName,
          tableName: c.req.param("tableName"),
          delimiter: query.delimiter,
          header: query.header,
          mapping: query.mapping,
          body: c.req.raw.body,
          readOnly: deps.sql.readOnly,
        });
      });
      return c.json(ok(result));
    })
    .post("/new-table", async (c) => {
      const result = await refusing(c, () => {
        const query = readQuery(c, importNewTableQuerySchema);
        return intoDatabase(c, {
          schemaName: query.schemaName,
          tableName: query.tableName,
          delimiter: query.delimiter,
          header: query.header,
          create: query.columns,
          body: c.req.raw.body,
          readOnly: deps.sql.readOnly,
        });
      });
      return c.json(ok(result), 201);
    });
}
