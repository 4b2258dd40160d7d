import { z } from "zod";

/** A team as a client sees it (GET /teams/{id} with client access). */
export const clientTeamSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  profile_image_url: z.string().nullable(),
  client_metadata: z.unknown(),
  client_read_only_metadata: z.unknown(),
});
export type ClientTeam = z.infer<typeof clientTeamSchema>;

/** A team as the server and the admin area see it (server access): with its creation time and server metadata. */
export const serverTeamSchema = clientTeamSchema.extend({
  created_at_millis: z.number(),
  server_metadata: z.unknown(),
});
export type ServerTeam = z.infer<typeof serverTeamSchema>;

/** GET /teams with server access (also `?user_id=`, a user's teams). */
export const serverTeamListSchema = z.object({ items: z.array(serverTeamSchema), is_paginated: z.boolean() });
