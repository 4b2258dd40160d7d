import { z } from "zod";
import { environmentParamSchema } from "./environments.ts";

/** Every service token starts with this, so secret scanners and the server recognise one. */
export const SERVICE_TOKEN_PREFIX = "console_st_";
export const SERVICE_TOKEN_NAME_MAX_LENGTH = 100;
/** Live (not revoked) tokens one app may have. */
export const SERVICE_TOKENS_PER_APP = 50;

/** A service token as listed: never the token itself, only its last four characters. */
export const serviceTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The environment the token reads; null once it was deleted (the token was revoked with it). */
  environment: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export type ServiceToken = z.infer<typeof serviceTokenSchema>;

/** The answer of the creating call, the only one that carries `token`. */
export const createdServiceTokenSchema = serviceTokenSchema.extend({ token: z.string() });
export type CreatedServiceToken = z.infer<typeof createdServiceTokenSchema>;

export const createServiceTokenSchema = z.strictObject({
  name: z.string().trim().min(1, "name is required").max(SERVICE_TOKEN_NAME_MAX_LENGTH),
  /** The slug of the one environment the token reads; absent: the default one (development). */
  environment: environmentParamSchema,
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) > Date.now(), "expiresAt must be in the future")
    .nullish(),
});
export type CreateServiceToken = z.input<typeof createServiceTokenSchema>;

export const revokeServiceTokenResultSchema = z.object({ id: z.string(), revoked: z.literal(true) });
