import { Hono } from "hono";
import { tableCellQuerySchema, tableDataQuerySchema } from "../contract/databases.ts";
import { searchIndexQuerySchema, searchIndexRequestSchema } from "../contract/search-index.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson, readQuery } from "./lib/core/read-input.ts";
import { type DatabaseEnv, useOwnDatabase } from "./lib/databases/own-database.ts";
import { createSearchIndex, searchIndexPlan } from "./lib/tables/search-index.ts";
import { readTableCell } from "./lib/tables/table-cell.ts";
import { readTablePage, withClient } from "./lib/tables/table-page.ts";

/**
 * GET /db/{dbId}/table/{tableName}: one page of rows, searchable and sortable, long values cut;
 * GET …/{tableName}/cell: one whole value by primary key; GET and POST …/{tableName}/search-index:
 * the trigram index a `contains` search on a column would use, its statements, and creating it.
 * A page's request that goes away (the grid's Stop) stops its statement.
 */
export function tableDataRoutes(deps: ApiDeps) {
  return new Hono<DatabaseEnv>()
    .get("/:tableName/cell", async (c) => {
      const query = readQuery(c, tableCellQuerySchema);
      const tableName = c.req.param("tableName");
      return c.json(
        ok(await useOwnDatabase(deps, c, "read", "viewer", (target) => readTableCell(target, tableName, query))),
      );
    })
    .get("/:tableName/search-index", async (c) => {
      const query = readQuery(c, searchIndexQuerySchema);
      const tableName = c.req.param("tableName");
      return c.json(
        ok(
          await useOwnDatabase(deps, c, "read", "viewer", (target) =>
            withClient(target, (client) => searchIndexPlan(client, query.schemaName, tableName, query.column)),
          ),
        ),
      );
    })
    .post("/:tableName/search-index", async (c) => {
      const input = await readJson(c, searchIndexRequestSchema);
      if (deps.sql.readOnly) {
        throw apiError("DATABASE_READ_ONLY", "This server runs user SQL read-only; no index can be created.");
      }
      const tableName = c.req.param("tableName");
      const statements = await useOwnDatabase(deps, c, "reached", "developer", (target) =>
        withClient(target, (client) => createSearchIndex(client, input.schemaName, tableName, input.column)),
      );
      return c.json(ok({ created: true as const, statements }));
    })
    .get("/:tableName", async (c) => {
      const query = readQuery(c, tableDataQuerySchema);
      const tableName = c.req.param("tableName");
      const signal = c.req.raw.signal;
      return c.json(
        ok(
          await useOwnDatabase(deps, c, "read", "viewer", (target) => readTablePage(target, tableName, query, signal)),
        ),
      );
    });
}
