import { z } from "zod";

/**
 * One session as GET /auth/sessions lists it: Stack's fields, and with `include_origin=true` two of
 * this server's (not in Stack's wire, so only when asked for) that say where it started: the
 * sign-in's User-Agent and the country the operator's proxy named (AUTH_COUNTRY_HEADER), each null
 * when unknown.
 */
export const sessionItemSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  created_at: z.number(),
  last_used_at: z.number(),
  is_impersonation: z.boolean(),
  is_current_session: z.boolean(),
  user_agent: z.string().nullable().optional(),
  country_code: z.string().nullable().optional(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const sessionListSchema = z.object({ items: z.array(sessionItemSchema), is_paginated: z.boolean() });
