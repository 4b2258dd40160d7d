import { z } from "zod";

export const SECRET_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const SECRET_KEY_MAX_LENGTH = 128;
/** Measured in UTF-8 bytes; a longer value is refused, never cut. */
export const SECRET_VALUE_MAX_BYTES = 64 * 1024;

export const secretKeySchema = z
  .string()
  .min(1, "key is required")
  .max(SECRET_KEY_MAX_LENGTH)
  .regex(SECRET_KEY_PATTERN, "key must start with a letter or _ and contain only letters, digits and _");

/** An environment variable of an app, value in clear. */
export const secretSchema = z.object({ key: z.string(), decryptedValue: z.string() });
export type Secret = z.infer<typeof secretSchema>;

/** Creates the variable, or replaces the value of an existing one. */
export const upsertSecretSchema = z.strictObject({ key: secretKeySchema, value: z.string() });
export type UpsertSecret = z.infer<typeof upsertSecretSchema>;

export const upsertSecretResultSchema = z.object({ key: z.string(), created: z.boolean() });
export const deleteSecretResultSchema = z.object({ key: z.string(), deleted: z.literal(true) });
