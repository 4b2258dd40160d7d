import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { authWebhookDeliveriesTable, authWebhookEndpointsTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { ClaimLoop, queueSteps } from "../../lib/claim-loop.ts";
import type { Logger } from "../../lib/logger.ts";
import type { OutboundPolicy } from "../../lib/outbound.ts";
import { postSignedWebhook } from "../../lib/standard-webhooks.ts";
import type { ProjectCredentials } from "../stores/project-credentials.ts";

/** Event types as Stack names them; team events are emitted by the teams code once it exists. */
export type WebhookEventType =
  | "user.created"
  | "user.updated"
  | "user.deleted"
  | "team.created"
  | "team.updated"
  | "team.deleted"
  /** Sent to one endpoint from the admin area, to try a receiver. */
  | "webhook.test"
  | (string & {});

/**
 * Svix's retry schedule after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; after
 * the last one the delivery is marked failed.
 */
const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
const POLL_MS = 1_000;
const TIMEOUT_MS = 15_000;

type Delivery = typeof authWebhookDeliveriesTable.$inferSelect;

/**
 * Emits user and team events: each event becomes one queued delivery per enabled endpoint of the
 * project (in the store, so a restart loses nothing already queued); a worker posts them signed
 * per Standard Webhooks and retries failures with backoff.
 */
export class WebhookDispatcher {
  private loop: ClaimLoop<Delivery>;

  constructor(
    private store: Store,
    private logger: Logger,
    /** Endpoints are posted to only where the outbound policy allows (OUTBOUND_ALLOW). */
    private outbound: OutboundPolicy,
    /** Opens the endpoints' sealed signing secrets. */
    private credentials: ProjectCredentials,
  ) {
    this.loop = new ClaimLoop(
      logger,
      "webhook delivery",
      { pollMs: POLL_MS, batch: 50 },
      queueSteps(store.db, authWebhookDeliveriesTable, (rows) => this.deliver(rows)),
    );
  }

  start(): void {
    this.loop.start();
  }

  /**
   * Queues the event for the project's enabled endpoints (or just `onlyEndpointId`, for a test
   * event) and starts delivering at once; never throws.
   */
  async emit(projectId: string, type: WebhookEventType, data: unknown, onlyEndpointId?: string): Promise<void> {
    try {
      const endpoints = await this.store.db
        .select({ id: authWebhookEndpointsTable.id })
        .from(authWebhookEndpointsTable)
        .where(
          and(
            eq(authWebhookEndpointsTable.projectId, projectId),
            eq(authWebhookEndpointsTable.enabled, true),
            onlyEndpointId ? eq(authWebhookEndpointsTable.id, onlyEndpointId) : undefined,
          ),
        );
      if (!endpoints.length) return;
      const messageId = `msg_${randomUUID()}`;
      const queued = await this.store.db
        .insert(authWebhookDeliveriesTable)
        .values(
          endpoints.map((endpoint) => ({
            projectId,
            endpointId: endpoint.id,
            messageId,
            eventType: type,
            payload: { type, data },
          })),
        )
        .returning({ id: authWebhookDeliveriesTable.id });
      if (queued.length) this.loop.now(queued.map((q) => q.id));
    } catch (err) {
      this.logger.error({ err, type }, "could not queue a webhook event");
    }
  }

  /** Signs and posts each claimed delivery, then records its outcome (see record). */
  private async deliver(deliveries: Delivery[]): Promise<void> {
    const endpoints = await this.store.db
      .select()
      .from(authWebhookEndpointsTable)
      .where(
        inArray(
          authWebhookEndpointsTable.id,
          deliveries.map((d) => d.endpointId),
        ),
      );
    for (const delivery of deliveries) {
      const endpoint = endpoints.find((e) => e.id === delivery.endpointId);
      if (!endpoint) continue;
      const body = JSON.stringify(delivery.payload);
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        const secret = await this.credentials.openWebhookSecret(endpoint.projectId, endpoint.id, endpoint.secret);
        statusCode = await postSignedWebhook(this.outbound, {
          url: endpoint.url,
          secret,
          messageId: delivery.messageId,
          body,
          timeoutMs: TIMEOUT_MS,
        });
        // The log keeps the status, never the receiver's answer: it is another host's content.
        if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        error =
          err instanceof Error ? (typeof code === "string" ? `${code}: ${err.message}` : err.message) : String(err);
      }
      await this.record(delivery, statusCode, error);
    }
  }

  private async record(delivery: Delivery, statusCode: number | null, error: string | null): Promise<void> {
    if (!error) {
      await this.store.db
        .update(authWebhookDeliveriesTable)
        .set({ status: "delivered", lastStatusCode: statusCode, lastError: null, deliveredAt: new Date() })
        .where(eq(authWebhookDeliveriesTable.id, delivery.id));
      return;
    }
    const delay = RETRY_DELAYS_S[delivery.attempts - 1];
    this.logger.warn(
      { deliveryId: delivery.id, attempt: delivery.attempts, statusCode, error },
      "webhook delivery failed",
    );
    await this.store.db
      .update(authWebhookDeliveriesTable)
      .set({
        status: delay === undefined ? "failed" : "pending",
        lastStatusCode: statusCode,
        lastError: error,
        nextAttemptAt: new Date(Date.now() + (delay ?? 0) * 1000),
      })
      .where(eq(authWebhookDeliveriesTable.id, delivery.id));
  }

  async close(): Promise<void> {
    await this.loop.close();
  }
}
