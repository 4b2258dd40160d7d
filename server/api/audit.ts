import { Hono } from "hono";
import { auditQuerySchema } from "../contract/audit.ts";
import { findOwnApp } from "./apps.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { listAudit } from "./lib/audit.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { readQuery } from "./lib/read-input.ts";

/** `GET /apps/{appId}/audit?before=&limit=`: the app's history, newest first. */
export function auditRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>().get("/", async (c) => {
    const page = readQuery(c, auditQuerySchema);
    const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
    return c.json(ok(await listAudit(deps.store.db, app.id, page)));
  });
}
