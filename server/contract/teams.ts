import { z } from "zod";

/** A member of a team as GET /teams/{teamId}/members lists it: the name to show, else the e-mail. */
export const teamMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  /** The member's console role; null for a member the console gives none (no console or Stack role). */
  role: z.enum(["viewer", "developer", "admin", "owner"]).nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A member's role in a team, weakest first: each may do all the one before it may. */
export const TEAM_ROLES = ["viewer", "developer", "admin", "owner"] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/**
 * The auth service's team permission each role is: `console:owner` contains `console:admin`, which
 * contains `console:developer`, and so on, so an operator can compose roles of their own from them.
 */
export const TEAM_ROLE_PERMISSION: Record<TeamRole, string> = {
  viewer: "console:viewer",
  developer: "console:developer",
  admin: "console:admin",
  owner: "console:owner",
};

/** A team the caller belongs to, with the caller's role there (null: a member without a console role). */
export const myTeamSchema = z.object({ id: z.string(), displayName: z.string(), role: teamRoleSchema.nullable() });
export type MyTeam = z.infer<typeof myTeamSchema>;

export const setMemberRoleSchema = z.strictObject({ role: teamRoleSchema });

/** Who owns an app or a database: a user (personal) or a team. */
export const resourceOwnerSchema = z.object({ type: z.enum(["user", "team"]), id: z.string() });
export type ResourceOwner = z.infer<typeof resourceOwnerSchema>;

/** POST /apps/{appId}/move and /db/{dbId}/move: to a team (its id) or back to the caller's personal workspace (null). */
export const moveResourceSchema = z.strictObject({ team_id: z.uuid().nullable() });

/** The roles an invitation may grant: ownership is handed over by transfer, never by invitation. */
export const INVITATION_ROLES = ["viewer", "developer", "admin"] as const satisfies readonly TeamRole[];
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/**
 * PUT /teams/{teamId}/invitations/{invitationId}/role. Any role parses, so that `owner` answers
 * INVITATION_ROLE_NOT_GRANTABLE (a sentence) rather than a schema error.
 */
export const setInvitationRoleSchema = z.strictObject({ role: teamRoleSchema });

/** An open invitation of GET /teams/{teamId}/invitations, with the role it grants (null: the project's default). */
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  role: z.enum(INVITATION_ROLES).nullable(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** POST /teams/{teamId}/invitations/accepted answers the caller's role in the team now. */
export const acceptedInvitationSchema = z.object({ role: teamRoleSchema.nullable() });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** POST /teams/{teamId}/transfer: the member who becomes owner (the caller becomes admin). */
export const transferOwnershipSchema = z.strictObject({ userId: z.string().min(1).max(64) });

/** POST /teams (create) and PATCH /teams/{teamId} (rename): the team's name, as the auth service keeps it. */
export const teamNameSchema = z.strictObject({ displayName: z.string().trim().min(1).max(200) });
export type TeamName = z.infer<typeof teamNameSchema>;
