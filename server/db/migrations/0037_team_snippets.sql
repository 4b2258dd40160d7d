DROP INDEX "sql_snippets_owner_name_idx";--> statement-breakpoint
ALTER TABLE "sql_snippets" ADD COLUMN "owner_type" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sql_snippets_owner_name_idx" ON "sql_snippets" USING btree ("owner_type","owner_id","name");