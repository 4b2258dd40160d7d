CREATE TABLE "instance_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"impersonator_id" text,
	"impersonator_label" text,
	"action" text NOT NULL,
	"subject" text,
	"subject_label" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_impersonations" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_label" text,
	"operator_id" text NOT NULL,
	"operator_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_audit_events" ADD COLUMN "impersonator_id" text;--> statement-breakpoint
ALTER TABLE "app_audit_events" ADD COLUMN "impersonator_label" text;--> statement-breakpoint
CREATE INDEX "instance_audit_events_created_idx" ON "instance_audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "instance_audit_events_action_idx" ON "instance_audit_events" USING btree ("action","id");