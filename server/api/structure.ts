import { Hono } from "hono";
import { structureQuerySchema } from "../contract/db-structure.ts";
import { isHttpError } from "../lib/errors.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { readQuery } from "./lib/read-input.ts";
import { readFunctionDefinition, readTableStructure } from "./lib/table-structure.ts";
import { databaseRef, findOwnDatabase } from "./lib/user-databases.ts";

/** An oid as the tree sent it: a positive 32-bit integer, else no function can have it. */
const OID = /^[1-9][0-9]{0,9}$/;

/**
 * GET /db/{dbId}/structure/table/{tableName}: a table's or view's columns, keys, indexes,
 * constraints, triggers and sizes; GET …/structure/function/{oid}: a routine's definition.
 */
export function structureRoutes(deps: ApiDeps) {
  const withDatabase = async <T>(dbId: string, userId: string, read: (pool: import("pg").Pool) => Promise<T>) => {
    const row = await findOwnDatabase(deps, userId, dbId);
    const ref = await databaseRef(deps, row);
    try {
      return await deps.connections.use(ref, (target) => read(target.pool));
    } catch (error) {
      if (isHttpError(error)) throw error;
      throw apiError("DATABASE_UNREACHABLE", `The database could not be read: ${(error as Error).message}`);
    }
  };
  return new Hono<ApiEnv>()
    .get("/table/:tableName", async (c) => {
      const query = readQuery(c, structureQuerySchema);
      const tableName = c.req.param("tableName");
      return c.json(
        ok(
          await withDatabase(c.req.param("dbId") ?? "", c.var.user.id, (pool) =>
            readTableStructure(pool, query.schemaName, tableName),
          ),
        ),
      );
    })
    .get("/function/:oid", async (c) => {
      const oid = c.req.param("oid");
      const dbId = c.req.param("dbId") ?? "";
      if (!OID.test(oid) || Number(oid) > 4_294_967_295) {
        await findOwnDatabase(deps, c.var.user.id, dbId); // another user's database stays a 404 of its own
        throw apiError("FUNCTION_NOT_FOUND", "No function with this id.");
      }
      return c.json(ok(await withDatabase(dbId, c.var.user.id, (pool) => readFunctionDefinition(pool, Number(oid)))));
    });
}
