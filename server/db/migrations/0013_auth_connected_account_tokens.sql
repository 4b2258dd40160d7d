ALTER TABLE "auth_oauth_accounts" ADD COLUMN "access_token_sealed" text;--> statement-breakpoint
ALTER TABLE "auth_oauth_accounts" ADD COLUMN "refresh_token_sealed" text;--> statement-breakpoint
ALTER TABLE "auth_oauth_accounts" ADD COLUMN "access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_oauth_accounts" ADD COLUMN "scopes" jsonb DEFAULT '[]'::jsonb NOT NULL;