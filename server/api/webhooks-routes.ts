import { randomUUID } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  createAppWebhookSchema,
  updateAppWebhookSchema,
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOKS_PER_APP,
} from "../contract/app-webhooks.ts";
import { appEnvironmentsTable, appWebhookDeliveriesTable, appWebhooksTable } from "../db/schema/index.ts";
import { newWebhookSecret } from "../lib/standard-webhooks.ts";
import { ownerOf } from "./lib/access/owner.ts";
import type { AppAccessEnv, AppRow } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { recordAudit, userActor } from "./lib/history/app-history.ts";
import { secretsChanged } from "./lib/secrets/app-secrets.ts";
import {
  newMessageId,
  sealWebhookSecret,
  toAppWebhook,
  toWebhookDelivery,
  WEBHOOK_TEST,
  type WebhookRow,
  webhookSubject,
} from "./lib/secrets/app-webhooks.ts";
import { resolveEnvironment } from "./lib/secrets/environments.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const webhookNotFound = () => apiError("WEBHOOK_NOT_FOUND", "Webhook not found.");

/**
 * An app's change webhooks (each change tells the owner's open pages, like any change of the app's
 * secrets, so other members' lists refresh): its developers see them and their delivery logs, its admins (the
 * owner of a personal app) add, change, delete them, rotate their signing secrets and send tests.
 * The signing secret is in the answer of create and rotate only.
 */
export function webhooksRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const w = appWebhooksTable;
  const d = appWebhookDeliveriesTable;

  /** The outbound policy decides before anything is stored: a refused host answers OUTBOUND_ADDRESS_NOT_ALLOWED. */
  const checkUrl = async (url: string) => {
    await deps.outbound.resolve(new URL(url).hostname);
  };

  const environmentOf = async (app: AppRow, slug: string | null | undefined) =>
    slug === null || slug === undefined ? null : await resolveEnvironment(db, app.id, slug);

  async function webhookOf(app: AppRow, webhookId: string): Promise<WebhookRow> {
    if (!UUID.test(webhookId)) throw webhookNotFound();
    const [row] = await db
      .select()
      .from(w)
      .where(and(eq(w.id, webhookId), eq(w.appId, app.id)));
    if (!row) throw webhookNotFound();
    return row;
  }

  async function view(row: WebhookRow) {
    const [env] = row.environmentId
      ? await db
          .select({ slug: appEnvironmentsTable.slug, name: appEnvironmentsTable.name })
          .from(appEnvironmentsTable)
          .where(eq(appEnvironmentsTable.id, row.environmentId))
      : [];
    const [last] = await db.select().from(d).where(eq(d.webhookId, row.id)).orderBy(desc(d.createdAt)).limit(1);
    return toAppWebhook(row, env ?? null, last ?? null);
  }

  return new Hono<AppAccessEnv>()
    .use("*", async (c, next) => {
      c.header("Cache-Control", "no-store");
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", async (c) => {
      const { row: app } = await c.var.appAccess("developer");
      const rows = await db.select().from(w).where(eq(w.appId, app.id)).orderBy(w.createdAt, w.id);
      return c.json(ok(await Promise.all(rows.map(view))));
    })
    .post("/", async (c) => {
      const input = await readJson(c, createAppWebhookSchema);
      const { row: app } = await c.var.appAccess("admin");
      const env = await environmentOf(app, input.environment);
      await checkUrl(input.url);
      const id = randomUUID();
      const secret = newWebhookSecret();
      // Sealed before the transaction: the data key lookup goes through the pool (PGlite has one connection).
      const sealed = await sealWebhookSecret(deps.vault, app.id, id, secret);
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx.select({ n: count() }).from(w).where(eq(w.appId, app.id));
        if ((existing?.n ?? 0) >= WEBHOOKS_PER_APP) {
          throw apiError("WEBHOOK_LIMIT_REACHED", `An app may have at most ${WEBHOOKS_PER_APP} webhooks.`, {
            max: WEBHOOKS_PER_APP,
          });
        }
        const [inserted] = await tx
          .insert(w)
          .values({
            id,
            appId: app.id,
            environmentId: env?.id ?? null,
            url: input.url,
            secret: sealed,
            createdBy: c.var.user.id,
          })
          .returning();
        if (!inserted) throw new Error("webhook insert returned no row");
        await recordAudit(tx, app.id, userActor(c.var.user), [
          { action: "webhook.created", subject: webhookSubject(input.url), detail: { environment: env?.slug ?? null } },
        ]);
        return inserted;
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ ...(await view(row)), secret }), 201);
    })
    .patch("/:webhookId", async (c) => {
      const input = await readJson(c, updateAppWebhookSchema);
      const { row: app } = await c.var.appAccess("admin");
      const current = await webhookOf(app, c.req.param("webhookId"));
      const env = input.environment === undefined ? undefined : await environmentOf(app, input.environment);
      if (input.url !== undefined) await checkUrl(input.url);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(w)
          .set({
            ...(input.url !== undefined ? { url: input.url } : {}),
            ...(env !== undefined ? { environmentId: env?.id ?? null } : {}),
            ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(w.id, current.id), eq(w.appId, app.id)))
          .returning();
        if (!updated) throw webhookNotFound();
        await recordAudit(tx, app.id, userActor(c.var.user), [
          {
            action: "webhook.updated",
            subject: webhookSubject(updated.url),
            detail: { enabled: updated.enabled, environment: env === undefined ? undefined : (env?.slug ?? null) },
          },
        ]);
        return updated;
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok(await view(row)));
    })
    .delete("/:webhookId", async (c) => {
      const { row: app } = await c.var.appAccess("admin");
      const current = await webhookOf(app, c.req.param("webhookId"));
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(w)
          .where(and(eq(w.id, current.id), eq(w.appId, app.id)))
          .returning({ url: w.url });
        if (!deleted) throw webhookNotFound();
        await recordAudit(tx, app.id, userActor(c.var.user), [
          { action: "webhook.deleted", subject: webhookSubject(deleted.url) },
        ]);
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ id: current.id, deleted: true as const }));
    })
    .post("/:webhookId/rotate-secret", async (c) => {
      const { row: app } = await c.var.appAccess("admin");
      const current = await webhookOf(app, c.req.param("webhookId"));
      const secret = newWebhookSecret();
      const sealed = await sealWebhookSecret(deps.vault, app.id, current.id, secret);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(w)
          .set({ secret: sealed, updatedAt: new Date() })
          .where(and(eq(w.id, current.id), eq(w.appId, app.id)))
          .returning();
        if (!updated) throw webhookNotFound();
        await recordAudit(tx, app.id, userActor(c.var.user), [
          { action: "webhook.secret_rotated", subject: webhookSubject(updated.url) },
        ]);
        return updated;
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ ...(await view(row)), secret }));
    })
    .post("/:webhookId/test", async (c) => {
      const { row: app } = await c.var.appAccess("admin");
      const hook = await webhookOf(app, c.req.param("webhookId"));
      // Checked again now: the operator may have narrowed OUTBOUND_ALLOW since the webhook was added.
      await checkUrl(hook.url);
      const [queued] = await db
        .insert(d)
        .values({
          appId: app.id,
          webhookId: hook.id,
          messageId: newMessageId(),
          eventType: WEBHOOK_TEST,
          payload: {
            type: WEBHOOK_TEST,
            timestamp: new Date().toISOString(),
            data: { appId: app.id, webhookId: hook.id },
          },
        })
        .returning();
      if (!queued) throw new Error("delivery insert returned no row");
      deps.webhooks.now([queued.id]);
      return c.json(ok(toWebhookDelivery(queued)), 202);
    })
    .get("/:webhookId/deliveries", async (c) => {
      const { row: app } = await c.var.appAccess("developer");
      const hook = await webhookOf(app, c.req.param("webhookId"));
      const rows = await db
        .select()
        .from(d)
        .where(eq(d.webhookId, hook.id))
        .orderBy(desc(d.createdAt), desc(d.id))
        .limit(WEBHOOK_DELIVERIES_KEPT);
      return c.json(ok(rows.map(toWebhookDelivery)));
    });
}
