import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { readQuery } from "../../wire/headers.ts";
import { listDeliveries, listEndpoints } from "./webhook-log.ts";

const deliveriesQuery = z.object({ endpoint_id: z.string().uuid().optional() });

type PortalEnv = AuthEnv & { Variables: { portalProjectId: string } };

/**
 * The webhook portal: what a token from POST /webhooks/svix-token may read, with
 * `Authorization: Bearer <token>` and no project keys. Endpoint secrets appear by their last four
 * characters only; changes go through the admin routes (/internal/webhooks/*).
 */
export function registerWebhookPortal(app: AuthApp, deps: AuthDeps): void {
  const portalToken = createMiddleware<PortalEnv>(async (c, next) => {
    const token = c.req.header("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    const projectId = token ? await deps.portalTokens.verify(token) : null;
    if (!projectId) {
      throw KnownErrors.webhookPortalTokenInvalid();
    }
    c.set("portalProjectId", projectId);
    await next();
  });

  app.get("/webhooks/portal/endpoints", portalToken, async (c) =>
    c.json({
      items: await listEndpoints(deps.ctx.store.db, deps.credentials, c.get("portalProjectId")),
      is_paginated: false,
    }),
  );
  app.get("/webhooks/portal/deliveries", portalToken, async (c) => {
    const query = readQuery(c, deliveriesQuery);
    return c.json({ items: await listDeliveries(deps.ctx.store.db, c.get("portalProjectId"), query.endpoint_id) });
  });
}
