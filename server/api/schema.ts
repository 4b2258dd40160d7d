import { Hono } from "hono";
import type { ApiDeps } from "./lib/deps.ts";
import { type DatabaseEnv, useOwnDatabase } from "./lib/own-database.ts";
import { ok } from "./lib/pair.ts";
import { introspectSchema } from "./lib/schema-introspection.ts";

/** GET /db/{dbId}/schema: the sidebar tree and the editor's completion list. */
export function schemaRoutes(deps: ApiDeps) {
  return new Hono<DatabaseEnv>().get("/", async (c) =>
    c.json(ok(await useOwnDatabase(deps, c, "read", "viewer", (target) => introspectSchema(target.pool)))),
  );
}
