// The whole control-store schema; drizzle-kit reads this file to generate migrations.
export * from "./instance-settings.ts";
