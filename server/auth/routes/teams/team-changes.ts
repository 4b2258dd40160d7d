import { z } from "zod";
import type { Json } from "../../stores/json.ts";
import type { TeamChanges } from "../../stores/teams.ts";
import { metadataSchema, profileImageUrlSchema } from "../../wire/schemas.ts";

const displayName = z.string().min(1).max(256);

/** What a client may set on a team (with $update_team); the server may set every metadata level. */
export const clientTeamUpdate = z.strictObject({
  // A rename may empty the name (Stack's server takes it); a new team needs one.
  display_name: z.string().max(256).optional(),
  profile_image_url: profileImageUrlSchema.optional(),
  client_metadata: metadataSchema.optional(),
});

export const serverTeamUpdate = clientTeamUpdate.extend({
  client_read_only_metadata: metadataSchema.optional(),
  server_metadata: metadataSchema.optional(),
});

const creator = { creator_user_id: z.string().max(64).optional() };
export const clientTeamCreate = clientTeamUpdate.extend({ display_name: displayName, ...creator });
export const serverTeamCreate = serverTeamUpdate.extend({ display_name: displayName, ...creator });

export function toTeamChanges(input: z.infer<typeof serverTeamUpdate>): TeamChanges {
  return {
    displayName: input.display_name,
    profileImageUrl: input.profile_image_url,
    clientMetadata: input.client_metadata as Json | undefined,
    clientReadOnlyMetadata: input.client_read_only_metadata as Json | undefined,
    serverMetadata: input.server_metadata as Json | undefined,
  };
}
