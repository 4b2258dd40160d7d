CREATE TABLE "auth_project_permissions" (
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"permission_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_project_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth_user_team_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"description" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"secret_hash" text NOT NULL,
	"last_four" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_team_api_keys_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "auth_user_team_api_keys_one_owner" CHECK (("auth_user_team_api_keys"."user_id" is null) <> ("auth_user_team_api_keys"."team_id" is null))
);
--> statement-breakpoint
ALTER TABLE "auth_project_permissions" ADD CONSTRAINT "auth_project_permissions_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_project_permissions" ADD CONSTRAINT "auth_project_permissions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_team_api_keys" ADD CONSTRAINT "auth_user_team_api_keys_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_team_api_keys" ADD CONSTRAINT "auth_user_team_api_keys_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_user_team_api_keys" ADD CONSTRAINT "auth_user_team_api_keys_team_id_auth_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."auth_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_project_permissions_project_idx" ON "auth_project_permissions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "auth_user_team_api_keys_user_idx" ON "auth_user_team_api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_user_team_api_keys_team_idx" ON "auth_user_team_api_keys" USING btree ("team_id");