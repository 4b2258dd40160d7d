CREATE TABLE "auth_email_themes" (
	"project_id" text NOT NULL,
	"id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"tsx_source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_email_themes_project_id_id_pk" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
ALTER TABLE "auth_email_themes" ADD CONSTRAINT "auth_email_themes_project_id_auth_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."auth_projects"("id") ON DELETE cascade ON UPDATE no action;