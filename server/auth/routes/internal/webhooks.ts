import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { authWebhookEndpointsTable } from "../../../db/schema/index.ts";
import { setValues } from "../../../db/set-values.ts";
import { newWebhookSecret } from "../../../lib/standard-webhooks.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { StatusError } from "../../errors/status-error.ts";
import { readBody, readQuery } from "../../wire/headers.ts";
import { listDeliveries, listEndpoints, renderCreatedEndpoint, renderStoredEndpoint } from "../webhooks/webhook-log.ts";

const endpointUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  // zod runs refinements after a failed check too, so this one must not assume a parsable URL.
  .refine(
    (u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol),
    "must be a URL starting with http:// or https://",
  );

const createBody = z.object({ url: endpointUrl, description: z.string().trim().max(1000).default("") }).strict();
const updateBody = z
  .object({ url: endpointUrl, description: z.string().trim().max(1000), enabled: z.boolean() })
  .partial()
  .strict();
const deliveriesQuery = z.object({ endpoint_id: z.string().uuid().optional() });
const id = z.string().uuid();

type EndpointRow = typeof authWebhookEndpointsTable.$inferSelect;

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
    if (!row) throw new StatusError("WEBHOOK_ENDPOINT_NOT_FOUND", "Webhook endpoint not found.");
    return row;
  };

  app.get("/internal/webhooks/endpoints", admin, async (c) => {
    const { project } = c.get("auth");
    return c.json({ items: await listEndpoints(db(), deps.credentials, project.id), is_paginated: false });
  });

  app.post("/internal/webhooks/endpoints", admin, async (c) => {
    const { project } = c.get("auth");
    const body = await readBody(c, createBody);
    // The id is chosen here: the sealed secret is bound to it.
    const endpointId = randomUUID();
    const secret = newWebhookSecret();
    const [row] = await db()
      .insert(authWebhookEndpointsTable)
      .values({
        id: endpointId,
        projectId: project.id,
        url: body.url,
        description: body.description,
        secret: await deps.credentials.sealWebhookSecret(project.id, endpointId, secret),
      })
      .returning();
    if (!row) throw new Error("endpoint insert returned nothing");
    return c.json(renderCreatedEndpoint(row, secret), 201);
  });

  app.patch("/internal/webhooks/endpoints/:id", admin, async (c) => {
    const { project } = c.get("auth");
    const endpoint = await findEndpoint(project.id, c.req.param("id"));
    const body = setValues(await readBody(c, updateBody));
    if (!body) return c.json(await renderStoredEndpoint(deps.credentials, endpoint));
    const [row] = await db()
      .update(authWebhookEndpointsTable)
      .set(body)
      .where(eq(authWebhookEndpointsTable.id, endpoint.id))
      .returning();
    return c.json(await renderStoredEndpoint(deps.credentials, row ?? endpoint));
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
    return c.json({ items: await listDeliveries(db(), project.id, query.endpoint_id) });
  });

  app.post("/internal/webhooks/endpoints/:id/test", admin, async (c) => {
    const { project } = c.get("auth");
    const endpoint = await findEndpoint(project.id, c.req.param("id"));
    if (!endpoint.enabled) throw KnownErrors.schemaError("The endpoint is disabled: enable it to send a test event.");
    await deps.webhooks.emit(
      project.id,
      "webhook.test",
      { endpoint_id: endpoint.id, sent_at_millis: Date.now() },
      endpoint.id,
    );
    return c.json({ success: true });
  });
}
