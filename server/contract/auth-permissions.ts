import { z } from "zod";

/**
 * A team or project permission definition (GET /team-permission-definitions, …): without a
 * description the field is left out, as Stack answers.
 */
export const permissionDefinitionSchema = z.object({
  id: z.string(),
  description: z.string().optional(),
  contained_permission_ids: z.array(z.string()),
});
export type PermissionDefinition = z.infer<typeof permissionDefinitionSchema>;

export const permissionDefinitionListSchema = z.object({
  items: z.array(permissionDefinitionSchema),
  is_paginated: z.boolean(),
});
