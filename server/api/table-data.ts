import { Hono } from "hono";
import { tableCellQuerySchema, tableDataQuerySchema } from "../contract/databases.ts";
import { isHttpError } from "../lib/errors.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { readQuery } from "./lib/read-input.ts";
import { readTableCell } from "./lib/table-cell.ts";
import { readTablePage } from "./lib/table-data.ts";
import { databaseRef, findOwnDatabase } from "./lib/user-databases.ts";

/**
 * GET /db/{dbId}/table/{tableName}: one page of rows, searchable and sortable, long values cut;
 * GET …/{tableName}/cell: one whole value by primary key.
 */
export function tableDataRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .get("/:tableName/cell", async (c) => {
      const query = readQuery(c, tableCellQuerySchema);
      const row = await findOwnDatabase(deps, c.var.user.id, c.req.param("dbId") ?? "");
      const ref = await databaseRef(deps, row);
      try {
        return c.json(
          ok(await deps.connections.use(ref, (target) => readTableCell(target, c.req.param("tableName"), query))),
        );
      } catch (error) {
        if (isHttpError(error)) throw error;
        throw apiError("DATABASE_UNREACHABLE", `The database could not be read: ${(error as Error).message}`);
      }
    })
    .get("/:tableName", async (c) => {
      const query = readQuery(c, tableDataQuerySchema);
      const row = await findOwnDatabase(deps, c.var.user.id, c.req.param("dbId") ?? "");
      const ref = await databaseRef(deps, row);
      try {
        return c.json(
          ok(await deps.connections.use(ref, (target) => readTablePage(target, c.req.param("tableName"), query))),
        );
      } catch (error) {
        if (isHttpError(error)) throw error;
        throw apiError("DATABASE_UNREACHABLE", `The database could not be read: ${(error as Error).message}`);
      }
    });
}
