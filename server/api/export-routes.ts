import { Hono } from "hono";
import pg from "pg";
import {
  EXPORT_CONTENT_TYPES,
  type ExportFormat,
  queryExportRequestSchema,
  tableExportQuerySchema,
} from "../contract/db-export.ts";
import { SQL_TEXT_MAX_BYTES } from "../contract/sql.ts";
import { splitForExecution } from "../sql/pg-statements.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { attachment } from "./lib/core/attachment.ts";
import { readJson, readQuery } from "./lib/core/read-input.ts";
import type { DatabaseTarget } from "./lib/databases/connections.ts";
import { type DatabaseContext, type DatabaseEnv, leaseOwnDatabase, unreachable } from "./lib/databases/own-database.ts";
import { findColumn, lookUpRelation } from "./lib/tables/relation-columns.ts";
import { filterSql } from "./lib/tables/table-filter.ts";
import { type ExportSource, openExport } from "./lib/transfer/export-stream.ts";

const q = pg.escapeIdentifier;

/**
 * GET /db/{dbId}/export/table/{tableName} streams every row of a table or view (filtered and sorted
 * as the grid is) and POST /db/{dbId}/export/query the whole result of one statement, as CSV, JSON
 * or SQL INSERTs. Nothing is held whole: see openExport. The query runs in a read-only transaction,
 * since an export runs it again and must not write twice.
 */
export function exportRoutes(deps: ApiDeps) {
  const answer = async (
    c: DatabaseContext,
    fileName: string,
    format: ExportFormat,
    build: (target: DatabaseTarget, client: pg.PoolClient) => Promise<Omit<ExportSource, "format" | "timeoutMs">>,
  ): Promise<Response> => {
    const { lease } = await leaseOwnDatabase(deps, c, "developer");
    try {
      // The catalog is read on a session of its own, before the export's session is taken (PGlite has one).
      const client = await lease.target.connect();
      let source: Omit<ExportSource, "format" | "timeoutMs">;
      try {
        source = await build(lease.target, client);
      } finally {
        client.release();
      }
      const body = await openExport(
        lease.target,
        { ...source, format, timeoutMs: deps.sql.timeoutMs },
        lease.release,
        deps.logger,
      );
      return new Response(body, {
        headers: {
          "content-type": EXPORT_CONTENT_TYPES[format],
          "content-disposition": attachment(`${fileName}.${format}`),
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        },
      });
    } catch (error) {
      lease.release();
      throw unreachable(error);
    }
  };

  return new Hono<DatabaseEnv>()
    .get("/table/:tableName", async (c) => {
      const query = readQuery(c, tableExportQuerySchema);
      const tableName = c.req.param("tableName");
      return answer(c, tableName, query.format, async (_target, client) => {
        const relation = await lookUpRelation(client, query.schemaName, tableName);
        const params: unknown[] = [];
        const param = (value: unknown) => {
          params.push(value);
          return `$${params.length}`;
        };
        const filter = filterSql(relation, query.filter ?? [], param);
        const sort = query.sortColumn ? findColumn(relation, query.sortColumn, "sortColumn") : undefined;
        const key = relation.columns
          .filter((c) => c.keyPosition !== null)
          .sort((a, b) => (a.keyPosition ?? 0) - (b.keyPosition ?? 0));
        // The grid's order: the sort column, then the primary key, so the file reads as the pages did.
        const order = sort ? [sort, ...key.filter((k) => k !== sort)] : key;
        const direction = query.sortDirection === "desc" ? "DESC" : "ASC";
        const from = `${q(relation.schemaName)}.${q(relation.name)}`;
        const sql = [
          `SELECT ${relation.columns.map((c) => `t.${q(c.name)}`).join(", ") || "*"} FROM ${from} AS t`,
          filter.conditions.length ? `WHERE ${filter.conditions.join(" AND ")}` : "",
          order.length ? `ORDER BY ${order.map((c) => `t.${q(c.name)} ${direction}`).join(", ")}` : "",
        ].join(" ");
        return { sql, params, typed: filter.typed, insertTarget: from };
      });
    })
    .post("/query", async (c) => {
      const input = await readJson(c, queryExportRequestSchema);
      if (Buffer.byteLength(input.sql, "utf8") > SQL_TEXT_MAX_BYTES) {
        throw apiError("SQL_TOO_LARGE", `SQL may be at most ${SQL_TEXT_MAX_BYTES} bytes.`, {
          maxBytes: SQL_TEXT_MAX_BYTES,
        });
      }
      const statements = await splitForExecution(input.sql);
      if (statements.length !== 1) {
        throw apiError(
          "EXPORT_NEEDS_ONE_STATEMENT",
          `An export runs exactly one statement; this text has ${statements.length}.`,
          { statements: statements.length },
        );
      }
      const sql = (statements[0]?.text ?? "").trim().replace(/;\s*$/, "");
      return answer(c, "query-result", input.format, async () => ({
        sql,
        params: [],
        insertTarget: q("query_result"),
      }));
    });
}
