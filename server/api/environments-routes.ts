import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { copyEnvironmentRequestSchema } from "../contract/environment-copy.ts";
import { createEnvironmentSchema, ENVIRONMENTS_PER_APP, updateEnvironmentSchema } from "../contract/environments.ts";
import { rollbackRequestSchema } from "../contract/secret-versions.ts";
import { appEnvironmentsTable, appServiceTokensTable } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ownerOf } from "./lib/access/owner.ts";
import type { AppAccessEnv } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { recordAudit, userActor } from "./lib/history/app-history.ts";
import { secretsChanged } from "./lib/secrets/app-secrets.ts";
import { compareEnvironments } from "./lib/secrets/compare-environments.ts";
import { copyBetweenEnvironments } from "./lib/secrets/environment-copy.ts";
import {
  environmentNotFound,
  environmentsOf,
  listEnvironments,
  lockApp,
  renumber,
} from "./lib/secrets/environments.ts";
import { rollbackEnvironment } from "./lib/secrets/secret-rollback.ts";

const slugTaken = (slug: string) =>
  apiError("ENVIRONMENT_SLUG_TAKEN", `Another environment of this app is called "${slug}".`, { slug });

/** A unique violation on (app, slug) that a concurrent request won: the same answer as the check. */
async function slugGuard<T>(slug: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (slug !== undefined && isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

/**
 * An app's environments: list (viewer), compare (developer: it tells which values are equal), add,
 * rename and move (developer), roll back to a point in time and copy values from another environment
 * (developer: both write values), delete (admin: it drops the environment's values and revokes its service
 * tokens). Every change to the list is serialized per app.
 */
export function environmentsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const t = appEnvironmentsTable;
  return new Hono<AppAccessEnv>()
    .get("/", async (c) => {
      const { row: app } = await c.var.appAccess("viewer");
      return c.json(ok(await listEnvironments(db, app.id)));
    })
    .get("/compare", async (c) => {
      // Which values are equal is knowledge about the values: the role that may read them.
      const { row: app } = await c.var.appAccess("developer");
      return c.json(ok(await compareEnvironments(deps, app.id)));
    })
    .post("/", async (c) => {
      const input = await readJson(c, createEnvironmentSchema);
      const { row: app } = await c.var.appAccess("developer");
      await slugGuard(input.slug, () =>
        db.transaction(async (tx) => {
          await lockApp(tx, app.id);
          const list = await environmentsOf(tx, app.id);
          if (list.length >= ENVIRONMENTS_PER_APP) {
            throw apiError(
              "ENVIRONMENT_LIMIT_REACHED",
              `An app may have at most ${ENVIRONMENTS_PER_APP} environments.`,
              { max: ENVIRONMENTS_PER_APP },
            );
          }
          if (list.some((e) => e.slug === input.slug)) throw slugTaken(input.slug);
          const position = Math.min(input.position ?? list.length, list.length);
          const [created] = await tx
            .insert(t)
            .values({ appId: app.id, slug: input.slug, name: input.name, position })
            .returning();
          if (!created) throw new Error("environment insert returned no row");
          await renumber(tx, [...list.slice(0, position), created, ...list.slice(position)]);
          await recordAudit(tx, app.id, userActor(c.var.user), [
            { action: "environment.created", subject: input.slug },
          ]);
        }),
      );
      await secretsChanged(deps, ownerOf(app), app.id);
      const created = (await listEnvironments(db, app.id)).find((e) => e.slug === input.slug);
      return c.json(ok(created), 201);
    })
    .patch("/:envSlug", async (c) => {
      const input = await readJson(c, updateEnvironmentSchema);
      const { row: app } = await c.var.appAccess("developer");
      const slug = c.req.param("envSlug");
      const newSlug = input.slug !== undefined && input.slug !== slug ? input.slug : undefined;
      await slugGuard(newSlug, () =>
        db.transaction(async (tx) => {
          await lockApp(tx, app.id);
          const list = await environmentsOf(tx, app.id);
          const env = list.find((e) => e.slug === slug);
          if (!env) throw environmentNotFound(slug);
          if (newSlug !== undefined && list.some((e) => e.slug === newSlug)) throw slugTaken(newSlug);
          if (newSlug !== undefined || input.name !== undefined) {
            await tx
              .update(t)
              .set({ ...(newSlug !== undefined ? { slug: newSlug } : {}), ...(input.name ? { name: input.name } : {}) })
              .where(eq(t.id, env.id));
          }
          if (input.position !== undefined) {
            const others = list.filter((e) => e.id !== env.id);
            const position = Math.min(input.position, others.length);
            await renumber(tx, [...others.slice(0, position), env, ...others.slice(position)]);
          }
          await recordAudit(tx, app.id, userActor(c.var.user), [
            {
              action: "environment.updated",
              subject: newSlug ?? slug,
              detail: {
                ...(newSlug !== undefined ? { from: slug } : {}),
                ...(input.name !== undefined ? { name: input.name } : {}),
                ...(input.position !== undefined ? { position: input.position } : {}),
              },
            },
          ]);
        }),
      );
      await secretsChanged(deps, ownerOf(app), app.id);
      const updated = (await listEnvironments(db, app.id)).find((e) => e.slug === (newSlug ?? slug));
      return c.json(ok(updated));
    })
    .post("/:envSlug/rollback", async (c) => {
      const input = await readJson(c, rollbackRequestSchema);
      const { row: app } = await c.var.appAccess("developer");
      const env = (await environmentsOf(db, app.id)).find((e) => e.slug === c.req.param("envSlug"));
      if (!env) throw environmentNotFound(c.req.param("envSlug"));
      const result = await rollbackEnvironment(deps, app.id, env, new Date(input.at), userActor(c.var.user));
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok(result));
    })
    .post("/:envSlug/copy", async (c) => {
      const input = await readJson(c, copyEnvironmentRequestSchema);
      const { row: app } = await c.var.appAccess("developer");
      const list = await environmentsOf(db, app.id);
      const find = (slug: string) => {
        const env = list.find((e) => e.slug === slug);
        if (!env) throw environmentNotFound(slug);
        return env;
      };
      const target = find(c.req.param("envSlug"));
      const source = find(input.from);
      const result = await copyBetweenEnvironments(deps, app.id, source, target, input, userActor(c.var.user));
      if (result.created.length + result.replaced.length > 0) await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok(result));
    })
    .delete("/:envSlug", async (c) => {
      const { row: app } = await c.var.appAccess("admin");
      const slug = c.req.param("envSlug");
      await db.transaction(async (tx) => {
        await lockApp(tx, app.id);
        const list = await environmentsOf(tx, app.id);
        const env = list.find((e) => e.slug === slug);
        if (!env) throw environmentNotFound(slug);
        if (list.length === 1) throw apiError("ENVIRONMENT_LAST", "An app keeps at least one environment.");
        // Its tokens are revoked first, so a late use says "revoked" (the row loses its environment next).
        const tokens = appServiceTokensTable;
        await tx
          .update(tokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(tokens.environmentId, env.id), isNull(tokens.revokedAt)));
        await tx.delete(t).where(eq(t.id, env.id));
        await renumber(
          tx,
          list.filter((e) => e.id !== env.id),
        );
        await recordAudit(tx, app.id, userActor(c.var.user), [{ action: "environment.deleted", subject: slug }]);
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ slug, deleted: true as const }));
    });
}
