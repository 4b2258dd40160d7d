import { and, eq, inArray, isNull } from "drizzle-orm";
import { appsTable, appWebhookDeliveriesTable, appWebhooksTable } from "../../../db/schema/index.ts";
import type { Store } from "../../../db/store.ts";
import { ClaimLoop, queueSteps } from "../../../lib/claim-loop.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { OutboundPolicy } from "../../../lib/outbound.ts";
import { postSignedWebhook } from "../../../lib/standard-webhooks.ts";
import type { Vault } from "../../../lib/vault.ts";
import { type DeliveryRow, openWebhookSecret, pruneDeliveries, WEBHOOK_TEST } from "./app-webhooks.ts";

/**
 * Seconds before each retry after a failed attempt: 5 attempts in all over about 40 minutes, then
 * the delivery is marked failed. Shorter than the auth service's Svix schedule: a secret change is
 * news for a deploy that is waiting now, not hours later.
 */
export const APP_WEBHOOK_RETRY_DELAYS_S = [2, 30, 300, 1800];
const TIMEOUT_MS = 10_000;

export interface WebhookWorkerOptions {
  /** How often due deliveries are looked for (queued ones in this instance are also sent at once). */
  pollMs: number;
  retryDelaysS?: number[];
}

/**
 * Delivers the app API's change webhooks from app_webhook_deliveries: claims due rows (several
 * instances share the queue), posts each signed per Standard Webhooks through the outbound policy,
 * records status, response time and attempt, and schedules the retry. Pending rows survive a
 * restart: they are in the store, picked up by the next poll.
 */
export class WebhookWorker {
  private loop: ClaimLoop<DeliveryRow>;
  private retryDelaysS: number[];

  constructor(
    private store: Store,
    private vault: Vault,
    private outbound: OutboundPolicy,
    private logger: Logger,
    options: WebhookWorkerOptions,
  ) {
    this.retryDelaysS = options.retryDelaysS ?? APP_WEBHOOK_RETRY_DELAYS_S;
    this.loop = new ClaimLoop(
      logger,
      "app webhook delivery",
      { pollMs: options.pollMs, batch: 20 },
      queueSteps(store.db, appWebhookDeliveriesTable, (rows) => this.deliver(rows)),
    );
  }

  start(): void {
    this.loop.start();
  }

  /** Sends these just-queued deliveries now, without waiting for the next poll. */
  now(ids: string[]): void {
    if (ids.length) this.loop.now(ids);
  }

  close(): Promise<void> {
    return this.loop.close();
  }

  private async deliver(deliveries: DeliveryRow[]): Promise<void> {
    const w = appWebhooksTable;
    // A deleted app's webhooks fall silent at once (the rows go when the app is purged).
    const hooks = await this.store.db
      .select({ hook: w })
      .from(w)
      .innerJoin(appsTable, and(eq(appsTable.id, w.appId), isNull(appsTable.deletedAt)))
      .where(
        inArray(
          w.id,
          deliveries.map((d) => d.webhookId),
        ),
      );
    for (const delivery of deliveries) {
      const hook = hooks.find((h) => h.hook.id === delivery.webhookId)?.hook;
      if (!hook) {
        await this.record(delivery, { statusCode: null, error: "The webhook or its app was deleted.", final: true });
        continue;
      }
      // Disabling stops retries of what was queued before, too; a test is sent whatever the state.
      if (!hook.enabled && delivery.eventType !== WEBHOOK_TEST) {
        await this.record(delivery, { statusCode: null, error: "The webhook was disabled.", final: true });
        continue;
      }
      const started = performance.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        statusCode = await postSignedWebhook(this.outbound, {
          url: hook.url,
          secret: await openWebhookSecret(this.vault, hook),
          messageId: delivery.messageId,
          body: JSON.stringify(delivery.payload),
          timeoutMs: TIMEOUT_MS,
        });
        // Only the status is kept, never the receiver's answer: it is another host's content.
        if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        const message = err instanceof Error ? err.message : String(err);
        error = typeof code === "string" ? `${code}: ${message}` : message;
      }
      await this.record(delivery, {
        statusCode,
        error,
        durationMs: Math.round(performance.now() - started),
        final: false,
      });
      await pruneDeliveries(this.store.db, hook.id);
    }
  }

  private async record(
    delivery: DeliveryRow,
    outcome: { statusCode: number | null; error: string | null; durationMs?: number; final: boolean },
  ): Promise<void> {
    const attempt = {
      lastStatusCode: outcome.statusCode,
      lastDurationMs: outcome.durationMs ?? null,
      lastAttemptAt: new Date(),
    };
    const d = appWebhookDeliveriesTable;
    if (!outcome.error) {
      await this.store.db
        .update(d)
        .set({ ...attempt, status: "delivered", lastError: null, deliveredAt: new Date() })
        .where(eq(d.id, delivery.id));
      return;
    }
    // `attempts` was counted when the row was claimed: the first attempt's failure waits delays[0].
    const delay = outcome.final ? undefined : this.retryDelaysS[delivery.attempts - 1];
    this.logger.warn(
      {
        deliveryId: delivery.id,
        webhookId: delivery.webhookId,
        attempt: delivery.attempts,
        statusCode: outcome.statusCode,
      },
      "app webhook delivery failed",
    );
    await this.store.db
      .update(d)
      .set({
        ...attempt,
        status: delay === undefined ? "failed" : "pending",
        lastError: outcome.error,
        nextAttemptAt: new Date(Date.now() + (delay ?? 0) * 1000),
      })
      .where(eq(d.id, delivery.id));
  }
}
