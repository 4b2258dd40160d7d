import { Hono } from "hono";
import type { ApiDeps } from "./lib/api-deps.ts";
import { ok } from "./lib/core/pair.ts";
import { type DatabaseEnv, useOwnDatabase } from "./lib/databases/own-database.ts";
import { introspectSchema } from "./lib/tables/schema-introspection.ts";

/** GET /db/{dbId}/schema: the sidebar tree and the editor's completion list. */
export function schemaRoutes(deps: ApiDeps) {
  return new Hono<DatabaseEnv>().get("/", async (c) =>
    c.json(ok(await useOwnDatabase(deps, c, "read", "viewer", (target) => introspectSchema(target.pool)))),
  );
}
