import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { stream } from "hono/streaming";
import { cancelRequestSchema, executeRequestSchema, SQL_TEXT_MAX_BYTES } from "../contract/sql.ts";
import { splitForExecution } from "../sql/pg-statements.ts";
import { requireReadOnlySql } from "./lib/access/read-only-sql.ts";
import { atLeast } from "./lib/access/roles.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import {
  type DatabaseEnv,
  databaseGrant,
  leaseOwnDatabase,
  ownDatabase,
  unreachable,
} from "./lib/databases/own-database.ts";
import { executeJsonWriter } from "./lib/sql-runs/execute-json.ts";
import { type Execution, startExecution } from "./lib/sql-runs/sql-executor.ts";

/**
 * POST /db/{dbId}/execute runs SQL; POST /db/{dbId}/cancel stops a run of the caller's from a second
 * request. The answer is 200 even when a statement failed: the error is part of the result.
 */
export function executeRoutes(deps: ApiDeps) {
  return new Hono<DatabaseEnv>()
    .post("/execute", async (c) => {
      const input = await readJson(c, executeRequestSchema);
      if (Buffer.byteLength(input.sql, "utf8") > SQL_TEXT_MAX_BYTES) {
        throw apiError("SQL_TOO_LARGE", `SQL may be at most ${SQL_TEXT_MAX_BYTES} bytes.`, {
          maxBytes: SQL_TEXT_MAX_BYTES,
        });
      }
      const ownerId = c.var.user.id;
      // A viewer's SQL is checked before a connection is taken; it then runs in a read-only transaction.
      const { role } = await databaseGrant(deps, c, "viewer");
      const viewer = !atLeast(role, "developer");
      // Parsed once: the viewer's check answers the statements it read, and the split the workbench
      // asked for before the run is kept (ScriptParses).
      const parse = deps.scriptParses.for(ownerId);
      const statements = viewer
        ? await requireReadOnlySql(input.sql, parse)
        : await splitForExecution(input.sql, parse);
      const { row, lease } = await leaseOwnDatabase(deps, c, "viewer"); // a refused address keeps its own code
      const executionId = input.executionId ?? randomUUID();
      let execution: Execution;
      try {
        execution = await startExecution(lease.target, statements, {
          executionId,
          maxRows: deps.sql.maxRows,
          timeoutMs: deps.sql.timeoutMs,
          readOnly: deps.sql.readOnly || input.readOnly === true || viewer,
          readOnlyTransaction: viewer,
        });
      } catch (error) {
        lease.release();
        throw unreachable(error);
      }
      const unregister = deps.executions.add(executionId, { ownerId, databaseId: row.id, stop: execution.stop });
      c.header("content-type", "application/json; charset=utf-8");
      c.header("cache-control", "no-store");
      // Streamed: the first rows leave while later ones are still read, and memory holds one batch.
      return stream(c, async (out) => {
        // A caller who goes away stops the statement instead of leaving it running.
        out.onAbort(() => void execution.stop("cancel"));
        const writer = executeJsonWriter(async (chunk) => {
          await out.write(chunk);
        }, execution);
        try {
          await writer.open();
          const error = await execution.run(writer);
          await writer.close(error);
        } catch (error) {
          deps.logger.error({ err: error, executionId }, "execute stream failed");
          // The caller may be gone with the stream; the failure itself is logged above.
          await writer
            .close({
              message: "The server failed while answering; the statement may have run.",
              sqlState: null,
              position: null,
              statementIndex: 0,
              detail: null,
              hint: null,
            })
            .catch(() => undefined);
        } finally {
          unregister();
          lease.release();
        }
      });
    })
    .post("/cancel", async (c) => {
      const input = await readJson(c, cancelRequestSchema);
      const row = await ownDatabase(deps, c, "viewer");
      const cancelled = await deps.executions.cancel({
        executionId: input.executionId,
        ownerId: c.var.user.id,
        databaseId: row.id,
      });
      if (!cancelled) throw apiError("EXECUTION_NOT_FOUND", "No running execution with this id on this database.");
      return c.json(ok({ executionId: input.executionId, cancelled: true }));
    });
}
