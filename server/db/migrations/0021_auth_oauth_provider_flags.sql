DROP INDEX "auth_oauth_accounts_account_uq";--> statement-breakpoint
ALTER TABLE "auth_oauth_accounts" ADD COLUMN "allow_sign_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_oauth_accounts" ADD COLUMN "allow_connected_accounts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_oauth_accounts_sign_in_uq" ON "auth_oauth_accounts" USING btree ("project_id","provider_id","account_id") WHERE "auth_oauth_accounts"."allow_sign_in";--> statement-breakpoint
CREATE UNIQUE INDEX "auth_oauth_accounts_user_account_uq" ON "auth_oauth_accounts" USING btree ("user_id","provider_id","account_id");