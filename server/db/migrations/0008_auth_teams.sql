CREATE TABLE "auth_team_member_permissions" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"permission_id" text NOT NULL,
	CONSTRAINT "auth_team_member_permissions_team_id_user_id_permission_id_pk" PRIMARY KEY("team_id","user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth_team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"display_name" text,
	"profile_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "auth_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"display_name" text NOT NULL,
	"profile_image_url" text,
	"client_metadata" jsonb,
	"client_read_only_metadata" jsonb,
	"server_metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "selected_team_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_team_member_permissions" ADD CONSTRAINT "auth_team_member_permissions_team_id_auth_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."auth_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_team_member_permissions" ADD CONSTRAINT "auth_team_member_permissions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_team_members" ADD CONSTRAINT "auth_team_members_team_id_auth_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."auth_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_team_members" ADD CONSTRAINT "auth_team_members_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_teams" ADD CONSTRAINT "auth_teams_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_team_members_user_idx" ON "auth_team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_teams_project_created_idx" ON "auth_teams" USING btree ("project_id","created_at");