import { Hono } from "hono";
import { type SqlSplitResponse, sqlSplitRequestSchema } from "../contract/sql-split.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";

/**
 * POST /sql/split: the statements of a script as PostgreSQL's parser sees them, for "run the
 * statement at the cursor" and the destructive-statement confirmation. The parser stays on the
 * server: its WASM is 2.0 MB (411 KiB gzip), too much for the workbench chunk.
 */
export function sqlSplitRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>().post("/split", async (c) => {
    const { sql } = await readJson(c, sqlSplitRequestSchema);
    let answer: SqlSplitResponse;
    try {
      // Kept for the run that usually follows (ScriptParses): /execute then parses nothing again.
      answer = { statements: [...(await deps.scriptParses.parse(c.var.user.id, sql))], syntaxError: null };
    } catch (error) {
      answer = { statements: [], syntaxError: error instanceof Error ? error.message : String(error) };
    }
    return c.json(ok(answer));
  });
}
