CREATE TABLE "team_activity_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_label" text,
	"impersonator_id" text,
	"impersonator_label" text,
	"action" text NOT NULL,
	"subject" text,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"resource_name" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "team_activity_events_team_idx" ON "team_activity_events" USING btree ("team_id","id");