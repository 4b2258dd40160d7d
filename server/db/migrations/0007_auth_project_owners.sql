CREATE TABLE "auth_project_owners" (
	"project_id" text PRIMARY KEY NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"owner_team_id" text
);
--> statement-breakpoint
ALTER TABLE "auth_project_owners" ADD CONSTRAINT "auth_project_owners_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_project_owners" ADD CONSTRAINT "auth_project_owners_owner_user_id_auth_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_project_owners_user_idx" ON "auth_project_owners" USING btree ("owner_user_id");