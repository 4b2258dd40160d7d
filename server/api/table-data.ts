import { Hono } from "hono";
import { tableCellQuerySchema, tableDataQuerySchema } from "../contract/databases.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { type DatabaseEnv, useOwnDatabase } from "./lib/own-database.ts";
import { ok } from "./lib/pair.ts";
import { readQuery } from "./lib/read-input.ts";
import { readTableCell } from "./lib/table-cell.ts";
import { readTablePage } from "./lib/table-data.ts";

/**
 * GET /db/{dbId}/table/{tableName}: one page of rows, searchable and sortable, long values cut;
 * GET …/{tableName}/cell: one whole value by primary key.
 */
export function tableDataRoutes(deps: ApiDeps) {
  return new Hono<DatabaseEnv>()
    .get("/:tableName/cell", async (c) => {
      const query = readQuery(c, tableCellQuerySchema);
      const tableName = c.req.param("tableName");
      return c.json(ok(await useOwnDatabase(deps, c, "read", (target) => readTableCell(target, tableName, query))));
    })
    .get("/:tableName", async (c) => {
      const query = readQuery(c, tableDataQuerySchema);
      const tableName = c.req.param("tableName");
      return c.json(ok(await useOwnDatabase(deps, c, "read", (target) => readTablePage(target, tableName, query))));
    });
}
