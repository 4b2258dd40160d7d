import { Hono } from "hono";
import { rowChangesRequestSchema } from "../contract/row-changes.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { type DatabaseEnv, useOwnDatabase } from "./lib/databases/own-database.ts";
import { applyRowChanges } from "./lib/tables/apply-row-changes.ts";

/** POST /db/{dbId}/rows: inline edits, inserts and deletes of one table, all in one transaction. */
export function rowChangesRoutes(deps: ApiDeps) {
  return new Hono<DatabaseEnv>().post("/", async (c) => {
    const input = await readJson(c, rowChangesRequestSchema);
    const options = { readOnly: deps.sql.readOnly, timeoutMs: deps.sql.timeoutMs };
    return c.json(
      ok(await useOwnDatabase(deps, c, "reached", "developer", (target) => applyRowChanges(target, input, options))),
    );
  });
}
