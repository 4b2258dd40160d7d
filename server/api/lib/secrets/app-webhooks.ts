import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull, notInArray, or } from "drizzle-orm";
import type { AppWebhook, SecretsChangedEvent, WebhookDelivery } from "../../../contract/app-webhooks.ts";
import { WEBHOOK_DELIVERIES_KEPT } from "../../../contract/app-webhooks.ts";
import type { SecretVersionVia } from "../../../contract/secret-versions.ts";
import { appEnvironmentsTable, appWebhookDeliveriesTable, appWebhooksTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import type { Vault } from "../../../lib/vault.ts";
import { secretScope } from "./app-secrets.ts";

export type WebhookRow = typeof appWebhooksTable.$inferSelect;
export type DeliveryRow = typeof appWebhookDeliveriesTable.$inferSelect;

/**
 * A webhook's signing secret is sealed under its app's data key (so `secrets:rewrap` covers it and
 * deleting the app's key ends it), bound to the webhook: a sealed secret copied to another row
 * does not open.
 */
const webhookAad = (webhookId: string) => `webhook:${webhookId}`;

export const sealWebhookSecret = (vault: Vault, appId: string, webhookId: string, secret: string) =>
  vault.seal(secretScope(appId), secret, webhookAad(webhookId));

export const openWebhookSecret = (vault: Vault, row: Pick<WebhookRow, "appId" | "id" | "secret">) =>
  vault.open(secretScope(row.appId), row.secret, webhookAad(row.id));

/** The event type of every change of an app's secrets. */
export const SECRETS_CHANGED = "secrets.changed";
export const WEBHOOK_TEST = "webhook.test";

export const newMessageId = () => `msg_${randomUUID()}`;

/**
 * Queues a `secrets.changed` event for each enabled webhook of the app that hears of this
 * environment, in the caller's transaction: the change and its notice commit together, and the
 * worker (server/api/lib/secrets/webhook-worker.ts) delivers it from the store. Keys and versions only.
 */
export async function queueSecretsChanged(
  tx: Db,
  target: { appId: string; environmentId: string; via: SecretVersionVia },
  written: Array<{ key: string; version: number; deleted: boolean }>,
): Promise<void> {
  if (written.length === 0) return;
  const w = appWebhooksTable;
  const hooks = await tx
    .select({ id: w.id })
    .from(w)
    .where(
      and(
        eq(w.appId, target.appId),
        eq(w.enabled, true),
        or(isNull(w.environmentId), eq(w.environmentId, target.environmentId)),
      ),
    );
  if (hooks.length === 0) return;
  const [env] = await tx
    .select({ slug: appEnvironmentsTable.slug })
    .from(appEnvironmentsTable)
    .where(eq(appEnvironmentsTable.id, target.environmentId));
  const event: SecretsChangedEvent = {
    type: SECRETS_CHANGED,
    timestamp: new Date().toISOString(),
    data: {
      appId: target.appId,
      environment: { id: target.environmentId, slug: env?.slug ?? "" },
      via: target.via,
      keys: written.map((c) => c.key),
      changes: written.map((c) => ({ key: c.key, version: c.version, deleted: c.deleted })),
      version: Math.max(...written.map((c) => c.version)),
    },
  };
  const messageId = newMessageId();
  await tx.insert(appWebhookDeliveriesTable).values(
    hooks.map((hook) => ({
      appId: target.appId,
      webhookId: hook.id,
      messageId,
      eventType: SECRETS_CHANGED,
      payload: event,
    })),
  );
}

/** Drops a webhook's finished deliveries beyond the last WEBHOOK_DELIVERIES_KEPT (pending ones stay). */
export async function pruneDeliveries(db: Db, webhookId: string): Promise<void> {
  const d = appWebhookDeliveriesTable;
  const kept = db
    .select({ id: d.id })
    .from(d)
    .where(eq(d.webhookId, webhookId))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(WEBHOOK_DELIVERIES_KEPT);
  await db
    .delete(d)
    .where(and(eq(d.webhookId, webhookId), inArray(d.status, ["delivered", "failed"]), notInArray(d.id, kept)));
}

export function toAppWebhook(
  row: WebhookRow,
  environment: { slug: string; name: string } | null,
  last: DeliveryRow | null,
): AppWebhook {
  return {
    id: row.id,
    url: row.url,
    environment,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last
      ? {
          status: last.status,
          at: (last.lastAttemptAt ?? last.createdAt).toISOString(),
          statusCode: last.lastStatusCode,
        }
      : null,
  };
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  const data = (row.payload as { data?: { environment?: { slug?: unknown }; keys?: unknown } }).data;
  const slug = data?.environment?.slug;
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.lastStatusCode,
    error: row.lastError,
    durationMs: row.lastDurationMs,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    environment: typeof slug === "string" ? slug : null,
    keys: Array.isArray(data?.keys) ? data.keys.filter((k): k is string => typeof k === "string") : [],
  };
}

/** The subject an app's history names a webhook by: its URL's host (a URL's path may carry a token). */
export function webhookSubject(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
