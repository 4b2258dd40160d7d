import { z } from "zod";
import { environmentParamSchema } from "./environments.ts";

export const SECRET_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const SECRET_KEY_MAX_LENGTH = 128;
/** Measured in UTF-8 bytes; a longer value is refused, never cut. */
export const SECRET_VALUE_MAX_BYTES = 64 * 1024;
/** One import adds or replaces at most this many keys. */
export const IMPORT_MAX_ENTRIES = 1_000;

export const secretKeySchema = z
  .string()
  .min(1, "key is required")
  .max(SECRET_KEY_MAX_LENGTH)
  .regex(SECRET_KEY_PATTERN, "key must start with a letter or _ and contain only letters, digits and _");

/** An environment variable of an app, value in clear. */
/** `hidden`: a team viewer's answer, with the key only and an empty value (viewers never see values). */
export const secretSchema = z.object({
  key: z.string(),
  decryptedValue: z.string(),
  hidden: z.literal(true).optional(),
});
export type Secret = z.infer<typeof secretSchema>;

/**
 * Creates the variable, or replaces the value of an existing one. `overwrite: false` refuses to
 * replace (409 SECRET_EXISTS), so a form that means "add" never overwrites silently; absent, the
 * call creates or updates as it always did. The value is kept byte for byte: never trimmed.
 */
export const upsertSecretSchema = z.strictObject({
  key: secretKeySchema,
  value: z.string(),
  overwrite: z.boolean().optional(),
});
export type UpsertSecret = z.infer<typeof upsertSecretSchema>;

export const upsertSecretResultSchema = z.object({ key: z.string(), created: z.boolean() });
export const deleteSecretResultSchema = z.object({ key: z.string(), deleted: z.literal(true) });

/**
 * `resolve=true`: the values with their references resolved (docs/secrets.md, "References"), as a
 * program would get them; absent or `false`: the values as stored, byte for byte.
 */
const resolveParamSchema = z
  .enum(["true", "false"])
  .default("false")
  .transform((v) => v === "true");

/** The query of `GET /apps/{id}/secrets` and `POST /apps/{id}/secrets/reveal`. */
export const secretsReadQuerySchema = z.strictObject({
  environment: environmentParamSchema,
  resolve: resolveParamSchema,
});

/** Formats of `GET /apps/{id}/secrets/export` and of the command line's `secrets pull`. */
export const exportFormatSchema = z.enum(["dotenv", "json", "shell"]);
export type ExportFormat = z.infer<typeof exportFormatSchema>;
export const exportQuerySchema = z.strictObject({
  format: exportFormatSchema.default("dotenv"),
  environment: environmentParamSchema,
  resolve: resolveParamSchema,
});

/** The text of a .env file, pasted or uploaded. */
const importContentSchema = z.string().min(1, "content is required");

export const importPreviewRequestSchema = z.strictObject({ content: importContentSchema });

/**
 * What an import would do to one key: `invalid` names why (`key`: not a valid name; `value_too_large`:
 * over SECRET_VALUE_MAX_BYTES), and an invalid entry blocks the whole import.
 */
export const importEntrySchema = z.object({
  key: z.string(),
  status: z.enum(["new", "replace", "unchanged", "invalid"]),
  reason: z.enum(["key", "value_too_large"]).optional(),
});
export type ImportEntry = z.infer<typeof importEntrySchema>;
export const importPreviewSchema = z.object({ entries: z.array(importEntrySchema) });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * Applies a .env text in one transaction. `replace` lists the existing keys the caller agreed to
 * replace (from the preview); another existing key with a different value means the secrets changed
 * since the preview, and nothing is applied (409 IMPORT_CONFLICT). An invalid line refuses the whole
 * import (IMPORT_INVALID) unless `skipInvalid` asks to import the valid lines and leave those out.
 */
export const importRequestSchema = z.strictObject({
  content: importContentSchema,
  replace: z.array(secretKeySchema).max(IMPORT_MAX_ENTRIES).default([]),
  skipInvalid: z.boolean().default(false),
});
export type ImportRequest = z.input<typeof importRequestSchema>;
export const importResultSchema = z.object({
  created: z.array(z.string()),
  replaced: z.array(z.string()),
  unchanged: z.array(z.string()),
  /** The invalid lines left out under `skipInvalid`, each with why. */
  skipped: z.array(z.object({ key: z.string(), reason: z.enum(["key", "value_too_large"]) })),
});
export type ImportResult = z.infer<typeof importResultSchema>;
