CREATE TABLE "app_secret_versions" (
	"app_id" uuid NOT NULL,
	"environment_id" uuid NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"ciphertext" text,
	"via" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_secret_versions_environment_id_key_version_pk" PRIMARY KEY("environment_id","key","version")
);
--> statement-breakpoint
ALTER TABLE "app_secret_versions" ADD CONSTRAINT "app_secret_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_secret_versions" ADD CONSTRAINT "app_secret_versions_environment_id_app_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."app_environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_secret_versions_env_created_idx" ON "app_secret_versions" USING btree ("environment_id","created_at");--> statement-breakpoint
CREATE INDEX "app_secret_versions_app_idx" ON "app_secret_versions" USING btree ("app_id");--> statement-breakpoint
-- Every current value starts its key's history (same ciphertext, same binding), dated when it was last set.
INSERT INTO "app_secret_versions" ("app_id", "environment_id", "key", "version", "ciphertext", "via", "actor_kind", "created_at")
SELECT "app_id", "environment_id", "key", "version", "ciphertext", 'migration', 'system', "updated_at" FROM "app_secrets";
