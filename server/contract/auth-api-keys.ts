import { z } from "zod";

/** Stack's names of the three kinds of key a set may hold. */
export const KEY_KINDS = ["publishable_client_key", "secret_server_key", "super_secret_admin_key"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

const keySetFields = {
  id: z.string(),
  description: z.string(),
  created_at_millis: z.number(),
  expires_at_millis: z.number(),
  manually_revoked_at_millis: z.number().optional(),
};

const lastFour = z.object({ last_four: z.string() }).optional();

/** One internal API key set as GET /internal/api-keys lists it: each key by its last four. */
export const keySetSchema = z.object({
  ...keySetFields,
  publishable_client_key: lastFour,
  secret_server_key: lastFour,
  super_secret_admin_key: lastFour,
});
export type KeySet = z.infer<typeof keySetSchema>;

/** The answer that created a set: the only time its keys are shown whole. */
export const createdKeySetSchema = z.object({
  ...keySetFields,
  publishable_client_key: z.string().optional(),
  secret_server_key: z.string().optional(),
  super_secret_admin_key: z.string().optional(),
});
export type CreatedKeySet = z.infer<typeof createdKeySetSchema>;

export const keySetListSchema = z.object({ items: z.array(keySetSchema), is_paginated: z.boolean() });
