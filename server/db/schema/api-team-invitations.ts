import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The console role an open team invitation grants. The invitation itself lives in the auth service
 * (Stack's wire protocol has no role on it), so this row names it by the service's invitation id;
 * it is used up when the invitee accepts, and deleted with the invitation when withdrawn here.
 */
export const teamInvitationRolesTable = pgTable(
  "team_invitation_roles",
  {
    invitationId: text("invitation_id").primaryKey(),
    teamId: text("team_id").notNull(),
    /** The invited address, normalized as the auth service stores it. */
    email: text("email").notNull(),
    role: text("role", { enum: ["viewer", "developer", "admin"] }).notNull(),
    /** When the invitation itself expires: an expired invitation's role is never applied. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    invitedBy: text("invited_by").notNull(),
    /**
     * Who is accepting it: set while the invitation is still open (just before the invitee accepts
     * with the auth service), so that once it is gone it can be told apart from a withdrawn one.
     */
    claimedBy: text("claimed_by"),
    claimUntil: timestamp("claim_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_invitation_roles_team_email_idx").on(t.teamId, t.email)],
);
