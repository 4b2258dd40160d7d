import { Hono } from "hono";
import { auditQuerySchema } from "../contract/audit.ts";
import type { AppAccessEnv } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { ok } from "./lib/core/pair.ts";
import { readQuery } from "./lib/core/read-input.ts";
import { listAudit } from "./lib/history/app-history.ts";

/** `GET /apps/{appId}/audit?before=&limit=`: the app's history, newest first. */
export function auditRoutes(deps: ApiDeps) {
  return new Hono<AppAccessEnv>().get("/", async (c) => {
    const page = readQuery(c, auditQuerySchema);
    const { row: app } = await c.var.appAccess("viewer");
    return c.json(ok(await listAudit(deps.store.db, app.id, page)));
  });
}
