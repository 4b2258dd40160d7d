import { z } from "zod";
import { APP_DESCRIPTION_MAX_LENGTH, APP_TITLE_MAX_LENGTH } from "./input-limits.ts";
import { resourceOwnerSchema } from "./teams.ts";

export { APP_DESCRIPTION_MAX_LENGTH, APP_TITLE_MAX_LENGTH };

/** An app as the API sends it; dates are ISO 8601 strings. */
export const appSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  openapi_spec_ids: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  /** Whose the app is: the caller's personal workspace or one of their teams. */
  owner: resourceOwnerSchema,
});
export type App = z.infer<typeof appSchema>;

export const createAppSchema = z.strictObject({
  title: z.string().trim().min(1, "title is required").max(APP_TITLE_MAX_LENGTH),
  description: z.string().max(APP_DESCRIPTION_MAX_LENGTH).nullish(),
  openapi_spec_ids: z.array(z.string().min(1).max(200)).max(100).default([]),
  /** Create the app in this team (the caller must be its admin); personal when left out. */
  team_id: z.uuid().optional(),
});
export type CreateApp = z.input<typeof createAppSchema>;

export const deleteAppResultSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeleteAppResult = z.infer<typeof deleteAppResultSchema>;

export const updateAppSchema = z
  .strictObject({
    title: z.string().trim().min(1, "title is required").max(APP_TITLE_MAX_LENGTH).optional(),
    description: z.string().max(APP_DESCRIPTION_MAX_LENGTH).nullable().optional(),
    openapi_spec_ids: z.array(z.string().min(1).max(200)).max(100).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "send at least one of title, description, openapi_spec_ids");
export type UpdateApp = z.infer<typeof updateAppSchema>;
