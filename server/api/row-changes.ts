import { Hono } from "hono";
import { rowChangesRequestSchema } from "../contract/row-changes.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { type DatabaseEnv, useOwnDatabase } from "./lib/own-database.ts";
import { ok } from "./lib/pair.ts";
import { readJson } from "./lib/read-input.ts";
import { applyRowChanges } from "./lib/row-changes.ts";

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
