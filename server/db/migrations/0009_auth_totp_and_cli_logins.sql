CREATE TABLE "auth_cli_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"polling_code_hash" text NOT NULL,
	"login_code_hash" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_cli_logins_polling_code_hash_unique" UNIQUE("polling_code_hash"),
	CONSTRAINT "auth_cli_logins_login_code_hash_unique" UNIQUE("login_code_hash")
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "totp_secret_base64" text;--> statement-breakpoint
ALTER TABLE "auth_cli_logins" ADD CONSTRAINT "auth_cli_logins_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_cli_logins" ADD CONSTRAINT "auth_cli_logins_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;