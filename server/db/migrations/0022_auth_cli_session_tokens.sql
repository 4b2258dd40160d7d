ALTER TABLE "auth_cli_logins" ADD COLUMN "anon_refresh_token_sealed" text;--> statement-breakpoint
ALTER TABLE "auth_cli_logins" ADD COLUMN "refresh_token_sealed" text;