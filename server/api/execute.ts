import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { cancelRequestSchema, executeRequestSchema, SQL_TEXT_MAX_BYTES } from "../contract/sql.ts";
import { isHttpError } from "../lib/errors.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { executeSql } from "./lib/sql-executor.ts";
import { databaseRef, findOwnDatabase } from "./lib/user-databases.ts";

/**
 * POST /db/{dbId}/execute runs SQL; POST /db/{dbId}/cancel stops a run of the caller's from a second
 * request. The answer is 200 even when a statement failed: the error is part of the result.
 */
export function executeRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .post("/execute", async (c) => {
      const input = executeRequestSchema.parse(await c.req.json());
      if (Buffer.byteLength(input.sql, "utf8") > SQL_TEXT_MAX_BYTES) {
        throw apiError("SQL_TOO_LARGE", `SQL may be at most ${SQL_TEXT_MAX_BYTES} bytes.`);
      }
      const ownerId = c.var.user.id;
      const row = await findOwnDatabase(deps, ownerId, c.req.param("dbId") ?? "");
      const ref = await databaseRef(deps, row);
      const executionId = input.executionId ?? randomUUID();
      let unregister: () => void = () => undefined;
      try {
        const response = await deps.connections.use(ref, (target) =>
          executeSql(target, input.sql, {
            executionId,
            maxRows: deps.sql.maxRows,
            timeoutMs: deps.sql.timeoutMs,
            readOnly: deps.sql.readOnly || input.readOnly === true,
            onStart: (stop) => {
              unregister = deps.executions.add(executionId, { ownerId, databaseId: row.id, stop });
            },
          }),
        );
        return c.json(ok(response));
      } catch (error) {
        if (isHttpError(error)) throw error;
        throw apiError("DATABASE_UNREACHABLE", `The database could not be reached: ${(error as Error).message}`);
      } finally {
        unregister();
      }
    })
    .post("/cancel", async (c) => {
      const input = cancelRequestSchema.parse(await c.req.json());
      const row = await findOwnDatabase(deps, c.var.user.id, c.req.param("dbId") ?? "");
      const cancelled = await deps.executions.cancel({
        executionId: input.executionId,
        ownerId: c.var.user.id,
        databaseId: row.id,
      });
      if (!cancelled) throw apiError("EXECUTION_NOT_FOUND", "No running execution with this id on this database.");
      return c.json(ok({ executionId: input.executionId, cancelled: true }));
    });
}
