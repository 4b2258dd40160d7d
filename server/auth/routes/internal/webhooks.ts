import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { authWebhookDeliveriesTable, authWebhookEndpointsTable } from "../../../db/schema/index.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { projectAuth } from "../../project-auth.ts";
import { StatusError } from "../../status-error.ts";
import { newWebhookSecret } from "../../webhooks.ts";
import { readBody, readQuery } from "../../wire.ts";

const endpointUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((u) => /^https?:$/.test(new URL(u).protocol), "The URL must start with http:// or https://.");

const createBody = z.object({ url: endpointUrl, description: z.string().trim().max(1000).default("") }).strict();
const updateBody = z
  .object({ url: endpointUrl, description: z.string().trim().max(1000), enabled: z.boolean() })
  .partial()
  .strict();
const deliveriesQuery = z.object({ endpoint_id: z.string().uuid().optional() });
const id = z.string().uuid();

type EndpointRow = typeof authWebhookEndpointsTable.$inferSelect;

const renderEndpoint = (row: EndpointRow, withSecret = false) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: row.enabled,
  created_at_millis: row.createdAt.getTime(),
  // The signing secret only in the answer that created it; afterwards its last four characters.
  ...(withSecret ? { secret: row.secret } : { secret_last_four: row.secret.slice(-4) }),
});

/**
 * The project's webhook endpoints and their delivery log (admin only). Stack manages endpoints
 * in Svix's portal; here they live in the store and the admin area edits them through these routes.
 */
export function registerInternalWebhooks(app: AuthApp, deps: AuthDeps): void {
  const db = () => deps.ctx.store.db;
  const admin = projectAuth(deps, ["admin"]);

  const findEndpoint = async (projectId: string, rawId: string): Promise<EndpointRow> => {
    const parsed = id.safeParse(rawId);
    const [row] = parsed.success
      ? await db()
          .select()
          .from(authWebhookEndpointsTable)
          .where(and(eq(authWebhookEndpointsTable.id, parsed.data), eq(authWebhookEndpointsTable.projectId, projectId)))
      : [];
    if (!row) throw new StatusError(404, "Webhook endpoint not found.");
    return row;
  };

  app.get("/internal/webhooks/endpoints", admin, async (c) => {
    const { project } = c.get("auth");
    const rows = await db()
      .select()
      .from(authWebhookEndpointsTable)
      .where(eq(authWebhookEndpointsTable.projectId, project.id))
      .orderBy(desc(authWebhookEndpointsTable.createdAt));
    return c.json({ items: rows.map((row) => renderEndpoint(row)), is_paginated: false });
  });

  app.post("/internal/webhooks/endpoints", admin, async (c) => {
    const { project } = c.get("auth");
    const body = await readBody(c, createBody);
    const [row] = await db()
      .insert(authWebhookEndpointsTable)
      .values({ projectId: project.id, url: body.url, description: body.description, secret: newWebhookSecret() })
      .returning();
    if (!row) throw new Error("endpoint insert returned nothing");
    return c.json(renderEndpoint(row, true), 201);
  });

  app.patch("/internal/webhooks/endpoints/:id", admin, async (c) => {
    const { project } = c.get("auth");
    const endpoint = await findEndpoint(project.id, c.req.param("id"));
    const body = await readBody(c, updateBody);
    const [row] = await db()
      .update(authWebhookEndpointsTable)
      .set(body)
      .where(eq(authWebhookEndpointsTable.id, endpoint.id))
      .returning();
    return c.json(renderEndpoint(row ?? endpoint));
  });

  app.delete("/internal/webhooks/endpoints/:id", admin, async (c) => {
    const { project } = c.get("auth");
    const endpoint = await findEndpoint(project.id, c.req.param("id"));
    await db().delete(authWebhookEndpointsTable).where(eq(authWebhookEndpointsTable.id, endpoint.id));
    return c.json({ success: true });
  });

  app.get("/internal/webhooks/deliveries", admin, async (c) => {
    const { project } = c.get("auth");
    const query = readQuery(c, deliveriesQuery);
    const rows = await db()
      .select()
      .from(authWebhookDeliveriesTable)
      .where(
        and(
          eq(authWebhookDeliveriesTable.projectId, project.id),
          query.endpoint_id ? eq(authWebhookDeliveriesTable.endpointId, query.endpoint_id) : undefined,
        ),
      )
      .orderBy(desc(authWebhookDeliveriesTable.createdAt))
      .limit(200);
    return c.json({
      items: rows.map((row) => ({
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
      })),
    });
  });
}
