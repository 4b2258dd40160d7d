DROP INDEX "user_databases_owner_name_idx";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "owner_type" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_databases" ADD COLUMN "owner_type" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
CREATE INDEX "apps_owner_type_idx" ON "apps" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_databases_owner_name_idx" ON "user_databases" USING btree ("owner_type","owner_id","name");