import { z } from "zod";
import { IMPORT_MAX_ENTRIES, secretKeySchema } from "./secrets.ts";

// Its own module: secrets.ts imports environments.ts, so the copy contract (which needs both) lives apart.

/**
 * POST /apps/{id}/environments/{target}/copy: copies values from the environment `from` into the
 * target, on the server (no value travels). `keys` names the keys to copy (each must have a value in
 * `from`), or is "missing" (the default): every key of `from` that has no value in the target.
 * A named key whose value in the target differs is refused as a whole (COPY_WOULD_REPLACE, listing
 * them) unless `replace` is true; an equal value is left as it is and reported as unchanged.
 */
export const copyEnvironmentRequestSchema = z.strictObject({
  // Any text, like `?environment=`: one that names no environment of the app is ENVIRONMENT_NOT_FOUND.
  from: z.string().min(1, "from is required").max(100),
  keys: z
    .union([z.literal("missing"), z.array(secretKeySchema).min(1, "keys must name a key").max(IMPORT_MAX_ENTRIES)])
    .default("missing"),
  replace: z.boolean().default(false),
});
export type CopyEnvironmentRequest = z.input<typeof copyEnvironmentRequestSchema>;

export const copyEnvironmentResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Keys that had no value in the target and have one now. */
  created: z.array(z.string()),
  /** Keys whose different value in the target was replaced (only with `replace: true`). */
  replaced: z.array(z.string()),
  /** Keys that had the same value in the target already: no new version. */
  unchanged: z.array(z.string()),
  /** With "missing": keys with another value in the target, left as they are. */
  kept: z.array(z.string()),
});
export type CopyEnvironmentResult = z.infer<typeof copyEnvironmentResultSchema>;
