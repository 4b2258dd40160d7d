import { and, desc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { type App, createAppSchema, updateAppSchema } from "../contract/apps.ts";
import { appsTable } from "../db/schema/index.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { readJson } from "./lib/read-input.ts";

type AppRow = typeof appsTable.$inferSelect;

export function toApp(row: AppRow): App {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    openapi_spec_ids: row.openapiSpecIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's live app, or APP_NOT_FOUND: someone else's app looks exactly like a missing one. */
export async function findOwnApp(deps: ApiDeps, ownerId: string, appId: string): Promise<AppRow> {
  const row = UUID.test(appId)
    ? (
        await deps.store.db
          .select()
          .from(appsTable)
          .where(and(eq(appsTable.id, appId), eq(appsTable.ownerId, ownerId), isNull(appsTable.deletedAt)))
          .limit(1)
      )[0]
    : undefined;
  return (
    row ??
    (() => {
      throw apiError("APP_NOT_FOUND", "App not found.");
    })()
  );
}

export function appsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  return new Hono<ApiEnv>()
    .get("/", async (c) => {
      const userId = c.var.user.id;
      const apps = await deps.appsCache.get(userId, async () => {
        const rows = await db
          .select()
          .from(appsTable)
          .where(and(eq(appsTable.ownerId, userId), isNull(appsTable.deletedAt)))
          .orderBy(desc(appsTable.createdAt), desc(appsTable.id));
        return rows.map(toApp);
      });
      return c.json(ok(apps));
    })
    .post("/", async (c) => {
      const input = await readJson(c, createAppSchema);
      const [row] = await db
        .insert(appsTable)
        .values({
          ownerId: c.var.user.id,
          title: input.title,
          description: input.description ?? null,
          openapiSpecIds: input.openapi_spec_ids,
        })
        .returning();
      const app = toApp(
        row ??
          (() => {
            throw new Error("insert returned no row");
          })(),
      );
      deps.appsCache.invalidate(c.var.user.id);
      await deps.events.publish(c.var.user.id, { type: "store", store: "apps", op: "refetch" });
      return c.json(ok(app), 201);
    })
    .patch("/:appId", async (c) => {
      const input = await readJson(c, updateAppSchema);
      const current = await findOwnApp(deps, c.var.user.id, c.req.param("appId"));
      const [row] = await db
        .update(appsTable)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.openapi_spec_ids !== undefined ? { openapiSpecIds: input.openapi_spec_ids } : {}),
          updatedAt: new Date(),
        })
        .where(eq(appsTable.id, current.id))
        .returning();
      const app = toApp(row ?? current);
      deps.appsCache.invalidate(c.var.user.id);
      await deps.events.publish(c.var.user.id, { type: "appUpdate", app });
      return c.json(ok(app));
    })
    .delete("/:appId", async (c) => {
      const current = await findOwnApp(deps, c.var.user.id, c.req.param("appId"));
      const now = new Date();
      await db.update(appsTable).set({ deletedAt: now, updatedAt: now }).where(eq(appsTable.id, current.id));
      deps.appsCache.invalidate(c.var.user.id);
      await deps.events.publish(c.var.user.id, { type: "store", store: "apps", op: "refetch" });
      return c.json(ok({ id: current.id, deleted: true as const }));
    });
}
