CREATE TABLE "auth_data_vault_entries" (
	"project_id" text NOT NULL,
	"store_id" text NOT NULL,
	"hashed_key" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_data_vault_entries_project_id_store_id_hashed_key_pk" PRIMARY KEY("project_id","store_id","hashed_key")
);
--> statement-breakpoint
CREATE TABLE "auth_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_projects" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_projects" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "auth_projects" ADD COLUMN "logo_full_url" text;--> statement-breakpoint
ALTER TABLE "auth_projects" ADD COLUMN "logo_dark_mode_url" text;--> statement-breakpoint
ALTER TABLE "auth_projects" ADD COLUMN "logo_full_dark_mode_url" text;--> statement-breakpoint
ALTER TABLE "auth_projects" ADD COLUMN "onboarding_status" text DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_data_vault_entries" ADD CONSTRAINT "auth_data_vault_entries_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_images" ADD CONSTRAINT "auth_images_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_images_project_idx" ON "auth_images" USING btree ("project_id");--> statement-breakpoint
-- The default team roles become Stack Auth's current defaults wherever an admin left them as they were seeded.
UPDATE "auth_permission_definitions" SET "description" = 'Default permission for team admins', "contained_permission_ids" = '["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team"]'::jsonb
WHERE "scope" = 'team' AND "permission_id" = 'team_admin' AND "description" = 'Administrator of a team' AND "contained_permission_ids" @> '["$read_members", "$remove_members", "$update_team"]'::jsonb AND jsonb_array_length("contained_permission_ids") = 3;--> statement-breakpoint
UPDATE "auth_permission_definitions" SET "description" = 'Default permission for team members', "contained_permission_ids" = '["$invite_members", "$read_members"]'::jsonb
WHERE "scope" = 'team' AND "permission_id" = 'team_member' AND "description" = 'Member of a team' AND "contained_permission_ids" = '["$read_members"]'::jsonb;
