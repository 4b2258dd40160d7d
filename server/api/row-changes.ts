import { Hono } from "hono";
import { rowChangesRequestSchema } from "../contract/row-changes.ts";
import { isHttpError } from "../lib/errors.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { readJson } from "./lib/read-input.ts";
import { applyRowChanges } from "./lib/row-changes.ts";
import { databaseRef, findOwnDatabase } from "./lib/user-databases.ts";

/** POST /db/{dbId}/rows: inline edits, inserts and deletes of one table, all in one transaction. */
export function rowChangesRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>().post("/", async (c) => {
    const input = await readJson(c, rowChangesRequestSchema);
    const row = await findOwnDatabase(deps, c.var.user.id, c.req.param("dbId") ?? "");
    const ref = await databaseRef(deps, row);
    try {
      return c.json(
        ok(
          await deps.connections.use(ref, (target) =>
            applyRowChanges(target, input, { readOnly: deps.sql.readOnly, timeoutMs: deps.sql.timeoutMs }),
          ),
        ),
      );
    } catch (error) {
      if (isHttpError(error)) throw error;
      throw apiError("DATABASE_UNREACHABLE", `The database could not be reached: ${(error as Error).message}`);
    }
  });
}
