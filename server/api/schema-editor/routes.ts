import { Hono } from "hono";
import { applyRequestSchema, editorTableQuerySchema, planRequestSchema } from "../../contract/schema-editor.ts";
import type { ApiDeps } from "../lib/api-deps.ts";
import { apiError } from "../lib/core/api-error.ts";
import { ok } from "../lib/core/pair.ts";
import { readJson, readQuery } from "../lib/core/read-input.ts";
import { type DatabaseEnv, useOwnDatabase } from "../lib/databases/own-database.ts";
import { applyStatements } from "./apply.ts";
import { readCatalogTypes } from "./catalog-types.ts";
import { planChange, readEditorTable } from "./plan.ts";

/**
 * /db/{dbId}/schema-editor: GET types (what a column may be), GET table/{table} (a table as the
 * editor loads it, with its version), POST plan (a change as the DDL it needs), POST apply (that
 * DDL, possibly edited by the user, in one transaction). Plans and applies are refused on a
 * read-only server before anything is read.
 */
export function schemaEditorRoutes(deps: ApiDeps) {
  const refuseReadOnly = () => {
    if (deps.sql.readOnly) {
      throw apiError("DATABASE_READ_ONLY", "This server runs user SQL read-only; the structure cannot be changed.");
    }
  };
  return new Hono<DatabaseEnv>()
    .get("/types", async (c) =>
      c.json(ok(await useOwnDatabase(deps, c, "read", "viewer", (t) => readCatalogTypes(t.pool)))),
    )
    .get("/table/:tableName", async (c) => {
      const query = readQuery(c, editorTableQuerySchema);
      const tableName = c.req.param("tableName");
      return c.json(
        ok(
          await useOwnDatabase(deps, c, "read", "viewer", (t) => readEditorTable(t.pool, query.schemaName, tableName)),
        ),
      );
    })
    .post("/plan", async (c) => {
      const input = await readJson(c, planRequestSchema);
      refuseReadOnly();
      return c.json(ok(await useOwnDatabase(deps, c, "read", "developer", (t) => planChange(t.pool, input.change))));
    })
    .post("/apply", async (c) => {
      const input = await readJson(c, applyRequestSchema);
      refuseReadOnly();
      const result = await useOwnDatabase(deps, c, "reached", "developer", (t) =>
        applyStatements(t, input, { timeoutMs: deps.sql.timeoutMs }),
      );
      return c.json(ok(result));
    });
}
