import { z } from "zod";

/** Lower-case letters, digits and inner dashes: safe in a URL, a query and a shell. */
export const ENVIRONMENT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
export const ENVIRONMENT_NAME_MAX_LENGTH = 60;
/** Environments one app may have. */
export const ENVIRONMENTS_PER_APP = 20;

/** What every new app starts with, in this order (the migration gave existing apps the same). */
export const DEFAULT_ENVIRONMENTS = [
  { slug: "development", name: "Development" },
  { slug: "staging", name: "Staging" },
  { slug: "production", name: "Production" },
] as const;

/**
 * The environment the seed's secrets routes act on when no `environment` query names one:
 * `development` while it exists, else the first in order.
 */
export const DEFAULT_ENVIRONMENT_SLUG = "development";

export const environmentSlugSchema = z
  .string()
  .regex(ENVIRONMENT_SLUG_PATTERN, "slug must be 1-40 lower-case letters, digits or inner dashes");

const environmentNameSchema = z.string().trim().min(1, "name is required").max(ENVIRONMENT_NAME_MAX_LENGTH);

export const environmentSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** 0-based order on the page. */
  position: z.number(),
  /** How many keys have a value here. */
  secretCount: z.number(),
});
export type Environment = z.infer<typeof environmentSchema>;

/** `position` absent: the new environment goes last. */
export const createEnvironmentSchema = z.strictObject({
  slug: environmentSlugSchema,
  name: environmentNameSchema,
  position: z.number().int().min(0).optional(),
});
export type CreateEnvironment = z.input<typeof createEnvironmentSchema>;

/** Rename (name, slug) or move (`position`: the 0-based place it takes; the others close up). */
export const updateEnvironmentSchema = z
  .strictObject({
    slug: environmentSlugSchema.optional(),
    name: environmentNameSchema.optional(),
    position: z.number().int().min(0).optional(),
  })
  .refine((v) => v.slug !== undefined || v.name !== undefined || v.position !== undefined, "nothing to change");
export type UpdateEnvironment = z.input<typeof updateEnvironmentSchema>;

export const deleteEnvironmentResultSchema = z.object({ slug: z.string(), deleted: z.literal(true) });

/**
 * `?environment=<slug>` of the secrets routes. Any text is taken (at most a slug's length and a
 * little): one that names no environment of the app is ENVIRONMENT_NOT_FOUND, malformed or not.
 */
export const environmentParamSchema = z.string().max(100).optional();
export const environmentQuerySchema = z.strictObject({ environment: environmentParamSchema });

/**
 * GET /apps/{id}/environments/compare: every key of the app across its environments, without a
 * value. Per key, `groups[i]` stands for the environment `environments[i]`: null where the key has
 * no value there, else a number that is the same exactly where the values are equal. The numbers
 * are given per key and request, 1, 2, … in environment order, so they say which values are equal
 * and nothing else (no value, no hash of one that could be guessed back).
 */
export const environmentComparisonSchema = z.object({
  environments: z.array(z.object({ slug: z.string(), name: z.string() })),
  keys: z.array(
    z.object({
      key: z.string(),
      groups: z.array(z.number().int().positive().nullable()),
    }),
  ),
});
export type EnvironmentComparison = z.infer<typeof environmentComparisonSchema>;
