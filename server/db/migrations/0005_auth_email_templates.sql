CREATE TABLE "auth_email_templates" (
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_email_templates_project_id_type_pk" PRIMARY KEY("project_id","type")
);
--> statement-breakpoint
CREATE INDEX "auth_mail_outbox_project_idx" ON "auth_mail_outbox" USING btree ("project_id","created_at");