import { z } from "zod";
import { environmentSlugSchema } from "./environments.ts";
import { secretVersionViaSchema } from "./secret-versions.ts";

/** Webhooks one app may have. */
export const WEBHOOKS_PER_APP = 10;
/** Deliveries kept per webhook as its log (older ones are dropped as new ones are queued). */
export const WEBHOOK_DELIVERIES_KEPT = 50;
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** An http(s) URL without credentials in it (a receiver authenticates the signature, not a password). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "url must be an http:// or https:// URL without a user name or password");

/** A webhook as listed: never its signing secret (that is in the creating or rotating answer only). */
export const appWebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The one environment it hears of; null: every environment. */
  environment: z.object({ slug: z.string(), name: z.string() }).nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** The latest delivery's outcome, for the list; null before the first one. */
  lastDelivery: z
    .object({ status: z.enum(["pending", "delivered", "failed"]), at: z.string(), statusCode: z.number().nullable() })
    .nullable(),
});
export type AppWebhook = z.infer<typeof appWebhookSchema>;

/** The answer of create and rotate, the only ones that carry `secret` ("whsec_…"). */
export const appWebhookWithSecretSchema = appWebhookSchema.extend({ secret: z.string() });
export type AppWebhookWithSecret = z.infer<typeof appWebhookWithSecretSchema>;

export const createAppWebhookSchema = z.strictObject({
  url: webhookUrlSchema,
  /** The slug of the one environment to hear of; absent or null: every environment. */
  environment: environmentSlugSchema.nullish(),
});
export type CreateAppWebhook = z.input<typeof createAppWebhookSchema>;

export const updateAppWebhookSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    environment: environmentSlugSchema.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => v.url !== undefined || v.environment !== undefined || v.enabled !== undefined, {
    message: "nothing to change: give url, environment or enabled",
  });
export type UpdateAppWebhook = z.input<typeof updateAppWebhookSchema>;

/** One delivery in a webhook's log: its latest attempt's outcome. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  /** Attempts made so far (the first one is 1). */
  attempts: z.number(),
  statusCode: z.number().nullable(),
  /** Why the last attempt failed, in the server's words (never the receiver's answer). */
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The environment and keys the event named (a test event names none). */
  environment: z.string().nullable(),
  keys: z.array(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * The body of `secrets.changed`, as a receiver gets it: which keys of which environment changed
 * and their new versions, how, never a value. `version` is the highest new version among them.
 */
export const secretsChangedEventSchema = z.object({
  type: z.literal("secrets.changed"),
  timestamp: z.string(),
  data: z.object({
    appId: z.string(),
    environment: z.object({ id: z.string(), slug: z.string() }),
    via: secretVersionViaSchema,
    keys: z.array(z.string()),
    changes: z.array(z.object({ key: z.string(), version: z.number(), deleted: z.boolean() })),
    version: z.number(),
  }),
});
export type SecretsChangedEvent = z.infer<typeof secretsChangedEventSchema>;

/** The body of `webhook.test`, sent by "Send test". */
export const webhookTestEventSchema = z.object({
  type: z.literal("webhook.test"),
  timestamp: z.string(),
  data: z.object({ appId: z.string(), webhookId: z.string() }),
});
