import { Hono } from "hono";
import { structureQuerySchema } from "../contract/db-structure.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readQuery } from "./lib/core/read-input.ts";
import { type DatabaseEnv, ownDatabase, useOwnDatabase } from "./lib/databases/own-database.ts";
import { readFunctionDefinition, readTableStructure } from "./lib/tables/table-structure.ts";

/** An oid as the tree sent it: a positive 32-bit integer, else no function can have it. */
const OID = /^[1-9][0-9]{0,9}$/;

/**
 * GET /db/{dbId}/structure/table/{tableName}: a table's or view's columns, keys, indexes,
 * constraints, triggers and sizes; GET …/structure/function/{oid}: a routine's definition.
 */
export function structureRoutes(deps: ApiDeps) {
  return new Hono<DatabaseEnv>()
    .get("/table/:tableName", async (c) => {
      const query = readQuery(c, structureQuerySchema);
      const tableName = c.req.param("tableName");
      const read = useOwnDatabase(deps, c, "read", "viewer", (target) =>
        readTableStructure(target.pool, query.schemaName, tableName),
      );
      return c.json(ok(await read));
    })
    .get("/function/:oid", async (c) => {
      const oid = c.req.param("oid");
      if (!OID.test(oid) || Number(oid) > 4_294_967_295) {
        await ownDatabase(deps, c, "viewer"); // another user's database stays a 404 of its own
        throw apiError("FUNCTION_NOT_FOUND", "No function with this id.");
      }
      const read = useOwnDatabase(deps, c, "read", "viewer", (target) =>
        readFunctionDefinition(target.pool, Number(oid)),
      );
      return c.json(ok(await read));
    });
}
