import { and, desc, eq } from "drizzle-orm";
import { authWebhookDeliveriesTable, authWebhookEndpointsTable } from "../../../db/schema/index.ts";
import type { Store } from "../../../db/store.ts";

type Db = Store["db"];
type EndpointRow = typeof authWebhookEndpointsTable.$inferSelect;

/** The newest deliveries a log shows. */
const LOG_LIMIT = 200;

export const renderEndpoint = (row: EndpointRow, withSecret = false) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: row.enabled,
  created_at_millis: row.createdAt.getTime(),
  // The signing secret only in the answer that created it; afterwards its last four characters.
  ...(withSecret ? { secret: row.secret } : { secret_last_four: row.secret.slice(-4) }),
});

/** A project's endpoints, newest first (admin routes and the webhook portal read the same). */
export async function listEndpoints(db: Db, projectId: string) {
  const rows = await db
    .select()
    .from(authWebhookEndpointsTable)
    .where(eq(authWebhookEndpointsTable.projectId, projectId))
    .orderBy(desc(authWebhookEndpointsTable.createdAt));
  return rows.map((row) => renderEndpoint(row));
}

/** A project's delivery log, newest first, optionally for one endpoint. */
export async function listDeliveries(db: Db, projectId: string, endpointId?: string) {
  const rows = await db
    .select()
    .from(authWebhookDeliveriesTable)
    .where(
      and(
        eq(authWebhookDeliveriesTable.projectId, projectId),
        endpointId ? eq(authWebhookDeliveriesTable.endpointId, endpointId) : undefined,
      ),
    )
    .orderBy(desc(authWebhookDeliveriesTable.createdAt))
    .limit(LOG_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    endpoint_id: row.endpointId,
    message_id: row.messageId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    created_at_millis: row.createdAt.getTime(),
    delivered_at_millis: row.deliveredAt?.getTime() ?? null,
    next_attempt_at_millis: row.status === "pending" ? row.nextAttemptAt.getTime() : null,
  }));
}
