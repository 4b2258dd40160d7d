-- Environments per app. Every existing app gets development, staging and production; its secrets
-- become development's values (version 0: sealed before environments existed, bound to the key
-- alone) and its service tokens read development. Hand-written data steps between drizzle's DDL.
CREATE TABLE "app_environments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_environments" ADD CONSTRAINT "app_environments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_environments_app_slug_idx" ON "app_environments" USING btree ("app_id","slug");--> statement-breakpoint
INSERT INTO "app_environments" ("app_id", "slug", "name", "position")
SELECT a."id", e."slug", e."name", e."position"
FROM "apps" a
CROSS JOIN (VALUES ('development', 'Development', 0), ('staging', 'Staging', 1), ('production', 'Production', 2)) AS e("slug", "name", "position");--> statement-breakpoint
ALTER TABLE "app_secrets" DROP CONSTRAINT "app_secrets_app_id_key_pk";--> statement-breakpoint
ALTER TABLE "app_secrets" ADD COLUMN "environment_id" uuid;--> statement-breakpoint
ALTER TABLE "app_secrets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "app_secrets" s SET "environment_id" = e."id", "version" = 0
FROM "app_environments" e
WHERE e."app_id" = s."app_id" AND e."slug" = 'development';--> statement-breakpoint
ALTER TABLE "app_secrets" ALTER COLUMN "environment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "app_secrets" ADD CONSTRAINT "app_secrets_environment_id_key_pk" PRIMARY KEY("environment_id","key");--> statement-breakpoint
ALTER TABLE "app_secrets" ADD CONSTRAINT "app_secrets_environment_id_app_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."app_environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_secrets_app_idx" ON "app_secrets" USING btree ("app_id");--> statement-breakpoint
ALTER TABLE "app_service_tokens" ADD COLUMN "environment_id" uuid;--> statement-breakpoint
UPDATE "app_service_tokens" t SET "environment_id" = e."id"
FROM "app_environments" e
WHERE e."app_id" = t."app_id" AND e."slug" = 'development';--> statement-breakpoint
ALTER TABLE "app_service_tokens" ADD CONSTRAINT "app_service_tokens_environment_id_app_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."app_environments"("id") ON DELETE set null ON UPDATE no action;
