ALTER TABLE "team_invitation_roles" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "team_invitation_roles" ADD COLUMN "claim_until" timestamp with time zone;