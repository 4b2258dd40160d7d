// The whole control-store schema; drizzle-kit reads this file to generate migrations.

export * from "./api-apps.ts";
export * from "./api-audit.ts";
export * from "./api-databases.ts";
export * from "./api-secrets.ts";
export * from "./api-service-tokens.ts";
export * from "./api-snippets.ts";
export * from "./api-webhooks.ts";
export * from "./auth-admin.ts";
export * from "./auth-cli-logins.ts";
export * from "./auth-codes.ts";
export * from "./auth-data.ts";
export * from "./auth-email-templates.ts";
export * from "./auth-limits.ts";
export * from "./auth-outbox.ts";
export * from "./auth-passkeys.ts";
export * from "./auth-permission-definitions.ts";
export * from "./auth-project-owners.ts";
export * from "./auth-projects.ts";
export * from "./auth-sessions.ts";
export * from "./auth-teams.ts";
export * from "./auth-user-team-api-keys.ts";
export * from "./auth-users.ts";
export * from "./auth-webhooks.ts";
export * from "./instance-audit.ts";
export * from "./instance-settings.ts";
export * from "./rate-limits.ts";
