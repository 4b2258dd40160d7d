CREATE TABLE "auth_permission_definitions" (
	"project_id" text NOT NULL,
	"scope" text NOT NULL,
	"permission_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"contained_permission_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_permission_definitions_project_id_scope_permission_id_pk" PRIMARY KEY("project_id","scope","permission_id")
);
--> statement-breakpoint
ALTER TABLE "auth_permission_definitions" ADD CONSTRAINT "auth_permission_definitions_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Projects created before definitions existed get the two default team roles (with the contents the recorded Stack server gives them).
INSERT INTO "auth_permission_definitions" ("project_id", "scope", "permission_id", "description", "contained_permission_ids")
SELECT "id", 'team', 'team_admin', 'Administrator of a team', '["$read_members", "$remove_members", "$update_team"]'::jsonb FROM "auth_projects"
UNION ALL
SELECT "id", 'team', 'team_member', 'Member of a team', '["$read_members"]'::jsonb FROM "auth_projects";
