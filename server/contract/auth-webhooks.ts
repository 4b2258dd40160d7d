import { z } from "zod";

/** A webhook endpoint as answered: the signing secret by its last four characters. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  created_at_millis: z.number(),
  secret_last_four: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer that created an endpoint: the only time its signing secret is shown whole. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.omit({ secret_last_four: true }).extend({
  secret: z.string(),
});
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema), is_paginated: z.boolean() });

/** One attempt to deliver an event to an endpoint, as the delivery log lists it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at_millis: z.number(),
  delivered_at_millis: z.number().nullable(),
  next_attempt_at_millis: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });

/** POST /webhooks/svix-token: a token for the webhook portal's reads, and when it runs out. */
export const webhookPortalTokenSchema = z.object({ token: z.string(), expires_at_millis: z.number() });
export type WebhookPortalToken = z.infer<typeof webhookPortalTokenSchema>;
