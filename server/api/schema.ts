import { Hono } from "hono";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { introspectSchema } from "./lib/schema-introspection.ts";
import { databaseRef, findOwnDatabase } from "./lib/user-databases.ts";

/** GET /db/{dbId}/schema: the sidebar tree and the editor's completion list. */
export function schemaRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>().get("/", async (c) => {
    const row = await findOwnDatabase(deps, c.var.user.id, c.req.param("dbId") ?? "");
    const ref = await databaseRef(deps, row);
    try {
      return c.json(ok(await deps.connections.use(ref, (target) => introspectSchema(target.pool))));
    } catch (error) {
      if ((error as { status?: number }).status) throw error;
      throw apiError("DATABASE_UNREACHABLE", `The database could not be read: ${(error as Error).message}`);
    }
  });
}
