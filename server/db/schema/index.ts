// The whole control-store schema; drizzle-kit reads this file to generate migrations.

export * from "./auth-codes.ts";
export * from "./auth-limits.ts";
export * from "./auth-outbox.ts";
export * from "./auth-projects.ts";
export * from "./auth-sessions.ts";
export * from "./auth-users.ts";
export * from "./instance-settings.ts";
