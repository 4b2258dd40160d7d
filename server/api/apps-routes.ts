import { and, desc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { type App, createAppSchema, updateAppSchema } from "../contract/apps.ts";
import { moveResourceSchema, type ResourceOwner } from "../contract/teams.ts";
import { appsTable } from "../db/schema/index.ts";
import { ownerChannel, ownerOf } from "./lib/access/owner.ts";
import { type AppAccessEnv, type AppRow, requireTeamRole, visibleOwners } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { recordMove } from "./lib/history/record-move.ts";
import { createDefaultEnvironments } from "./lib/secrets/environments.ts";

function toApp(row: AppRow): App {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    openapi_spec_ids: row.openapiSpecIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    owner: ownerOf(row),
  };
}

/** Tells every member of the owner (the user, or each member of the team) that its app list changed. */
async function appsChanged(deps: ApiDeps, owner: ResourceOwner, app?: App): Promise<void> {
  const channel = ownerChannel(owner);
  deps.appsCache.invalidate(channel);
  await deps.events.publish(
    channel,
    app ? { type: "appUpdate", app } : { type: "store", store: "apps", op: "refetch" },
  );
}

async function ownerAppList(deps: ApiDeps, owner: ResourceOwner): Promise<App[]> {
  return deps.appsCache.get(ownerChannel(owner), async () => {
    const rows = await deps.store.db
      .select()
      .from(appsTable)
      .where(and(eq(appsTable.ownerType, owner.type), eq(appsTable.ownerId, owner.id), isNull(appsTable.deletedAt)))
      .orderBy(desc(appsTable.createdAt), desc(appsTable.id));
    return rows.map(toApp);
  });
}

export function appsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  return new Hono<ApiEnv>()
    .get("/", async (c) => {
      // The caller's own apps and those of every team they hold a role in, newest first.
      const owners = await visibleOwners(deps, c.var.user.id);
      const lists = await Promise.all(owners.map((owner) => ownerAppList(deps, owner)));
      const apps = lists.flat();
      if (lists.length > 1) {
        apps.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
      }
      return c.json(ok(apps));
    })
    .post("/", async (c) => {
      const input = await readJson(c, createAppSchema);
      const owner: ResourceOwner = input.team_id
        ? { type: "team", id: input.team_id }
        : { type: "user", id: c.var.user.id };
      if (owner.type === "team") await requireTeamRole(deps, owner.id, c.var.user.id, "admin");
      // An app and its first environments (development, staging, production) are made together.
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(appsTable)
          .values({
            ownerType: owner.type,
            ownerId: owner.id,
            title: input.title,
            description: input.description ?? null,
            openapiSpecIds: input.openapi_spec_ids,
          })
          .returning();
        if (inserted) await createDefaultEnvironments(tx, inserted.id);
        return inserted;
      });
      const app = toApp(
        row ??
          (() => {
            throw new Error("insert returned no row");
          })(),
      );
      await appsChanged(deps, owner);
      return c.json(ok(app), 201);
    });
}

/**
 * One app, `/apps/{appId}` (its access resolved by index.ts's parameter middleware): edit, delete,
 * and POST /move `{team_id}`: into a team, or back to the caller's personal workspace (null). A move
 * needs admin on both sides; both sides' members see it move.
 */
export function appRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  return new Hono<AppAccessEnv>()
    .patch("/", async (c) => {
      const input = await readJson(c, updateAppSchema);
      const { row: current } = await c.var.appAccess("developer");
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
      await appsChanged(deps, ownerOf(current), app);
      return c.json(ok(app));
    })
    .delete("/", async (c) => {
      const { row: current } = await c.var.appAccess("admin");
      const now = new Date();
      await db.update(appsTable).set({ deletedAt: now, updatedAt: now }).where(eq(appsTable.id, current.id));
      await appsChanged(deps, ownerOf(current));
      return c.json(ok({ id: current.id, deleted: true as const }));
    })
    .post("/move", async (c) => {
      const input = await readJson(c, moveResourceSchema);
      const { row } = await c.var.appAccess("admin");
      const to: ResourceOwner = input.team_id
        ? { type: "team", id: input.team_id }
        : { type: "user", id: c.var.user.id };
      if (to.type === "team") await requireTeamRole(deps, to.id, c.var.user.id, "admin");
      const from = ownerOf(row);
      const [moved] = await deps.store.db
        .update(appsTable)
        .set({ ownerType: to.type, ownerId: to.id, updatedAt: new Date() })
        .where(eq(appsTable.id, row.id))
        .returning();
      await recordMove(deps.store.db, c.var.user, { type: "app", id: row.id, name: row.title }, from, to);
      await appsChanged(deps, from);
      await appsChanged(deps, to);
      return c.json(ok(toApp(moved ?? row)));
    });
}
