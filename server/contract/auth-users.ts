import { z } from "zod";
import { clientTeamSchema, serverTeamSchema } from "./auth-teams.ts";

/** Metadata a user or team carries: any JSON the project stored (null when none); the stores keep it as jsonb. */
export const metadataSchema = z.unknown();
export type Metadata = z.infer<typeof metadataSchema>;

/** Why a user counts as restricted (Stack's restricted_reason), or null. */
const restrictedReasonSchema = z
  .object({ type: z.enum(["anonymous", "email_not_verified", "restricted_by_administrator"]) })
  .nullable();

/** The user as a client sees it (GET /users/me with client access). */
export const clientUserSchema = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  primary_email: z.string().nullable(),
  primary_email_verified: z.boolean(),
  profile_image_url: z.string().nullable(),
  signed_up_at_millis: z.number(),
  client_metadata: metadataSchema,
  client_read_only_metadata: metadataSchema,
  has_password: z.boolean(),
  otp_auth_enabled: z.boolean(),
  auth_with_email: z.boolean(),
  requires_totp_mfa: z.boolean(),
  passkey_auth_enabled: z.boolean(),
  oauth_providers: z.array(z.object({ id: z.string(), account_id: z.string(), email: z.string().nullable() })),
  selected_team_id: z.string().nullable(),
  selected_team: clientTeamSchema.nullable(),
  is_anonymous: z.boolean(),
  is_restricted: z.boolean(),
  restricted_reason: restrictedReasonSchema,
  restricted_by_admin: z.boolean(),
  restricted_by_admin_reason: z.string().nullable(),
});
export type ClientUser = z.infer<typeof clientUserSchema>;

/** The full server user (server access, GET /users and /users/{id}); StackServerApp reads risk_scores.sign_up. */
export const serverUserSchema = clientUserSchema.extend({
  selected_team: serverTeamSchema.nullable(),
  primary_email_auth_enabled: z.boolean(),
  server_metadata: metadataSchema,
  last_active_at_millis: z.number(),
  restricted_by_admin_private_details: z.string().nullable(),
  country_code: z.string().nullable(),
  risk_scores: z.object({ sign_up: z.object({ bot: z.number(), free_trial_abuse: z.number() }) }),
});
export type ServerUser = z.infer<typeof serverUserSchema>;

/** GET /users: newest first by default, a page at a time. */
export const serverUserPageSchema = z.object({
  items: z.array(serverUserSchema),
  is_paginated: z.boolean(),
  pagination: z.object({ next_cursor: z.string().nullable() }),
});

/** One of a user's e-mail addresses (GET /contact-channels). */
export const contactChannelSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.literal("email"),
  value: z.string(),
  is_primary: z.boolean(),
  is_verified: z.boolean(),
  used_for_auth: z.boolean(),
});
export type ContactChannel = z.infer<typeof contactChannelSchema>;

export const contactChannelListSchema = z.object({ items: z.array(contactChannelSchema), is_paginated: z.boolean() });
