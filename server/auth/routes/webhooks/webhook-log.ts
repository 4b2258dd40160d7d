import { and, desc, eq } from "drizzle-orm";
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from "../../../contract/auth-webhooks.ts";
import { authWebhookDeliveriesTable, authWebhookEndpointsTable } from "../../../db/schema/index.ts";
import type { Store } from "../../../db/store.ts";
import type { ProjectCredentials } from "../../stores/project-credentials.ts";

type Db = Store["db"];
type EndpointRow = typeof authWebhookEndpointsTable.$inferSelect;

/** The newest deliveries a log shows. */
const LOG_LIMIT = 200;

const endpointFields = (row: EndpointRow) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: row.enabled,
  created_at_millis: row.createdAt.getTime(),
});

/** An endpoint as answered; `secret` is the opened signing secret (the row keeps it sealed). */
export const renderEndpoint = (row: EndpointRow, secret: string): WebhookEndpoint => ({
  ...endpointFields(row),
  secret_last_four: secret.slice(-4),
});

/** The signing secret whole only in the answer that created the endpoint. */
export const renderCreatedEndpoint = (row: EndpointRow, secret: string): CreatedWebhookEndpoint => ({
  ...endpointFields(row),
  secret,
});

/** An endpoint as answered after its creation: the secret by its last four characters. */
export async function renderStoredEndpoint(
  credentials: ProjectCredentials,
  row: EndpointRow,
): Promise<WebhookEndpoint> {
  return renderEndpoint(row, await credentials.openWebhookSecret(row.projectId, row.id, row.secret));
}

/** A project's endpoints, newest first (admin routes and the webhook portal read the same). */
export async function listEndpoints(db: Db, credentials: ProjectCredentials, projectId: string) {
  const rows = await db
    .select()
    .from(authWebhookEndpointsTable)
    .where(eq(authWebhookEndpointsTable.projectId, projectId))
    .orderBy(desc(authWebhookEndpointsTable.createdAt));
  return Promise.all(rows.map((row) => renderStoredEndpoint(credentials, row)));
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
  return rows.map(
    (row): WebhookDelivery => ({
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
    }),
  );
}
