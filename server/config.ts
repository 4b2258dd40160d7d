import { z } from "zod";

const optionalString = z.string().min(1).optional();
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// or postgresql:// URL");
const base64Key32 = z
  .string()
  .refine((v) => Buffer.from(v, "base64").length === 32, "must be base64 of exactly 32 bytes");

/** Every setting the server reads from the environment; the one place that touches process.env. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /** The built web app; tests and parallel builds point it at their own output folder. */
  DIST_DIR: optionalString,
  DATABASE_URL: postgresUrl.optional(),
  SECRETS_MASTER_KEY: base64Key32.optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")
    .optional(),
  EMAIL_FROM: z.string().min(3).default("App Console <noreply@localhost>"),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  STACK_BASE_URL: z.url().optional(),
  STACK_PROJECT_ID: optionalString,
  STACK_PUBLISHABLE_CLIENT_KEY: optionalString,
  STACK_SECRET_SERVER_KEY: optionalString,
  STACK_SUPER_SECRET_ADMIN_KEY: optionalString,
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ANALYTICS_EVENTS: z.enum(["store", "drop"]).default("store"),
  /** Per-IP and per-e-mail limits on sign-in, sign-up and code endpoints; off only for tests and benchmarks. */
  AUTH_RATE_LIMITS: booleanFlag.default(true),
  /** Behind one reverse proxy: take the client IP (for rate limits) from the last X-Forwarded-For entry. */
  TRUST_PROXY: booleanFlag.default(false),
  SQL_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  SQL_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  SQL_READ_ONLY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
});

/** Cross-field rules: an external Stack Auth needs the project it serves and a server key. */
const configRules = configSchema.superRefine((config, ctx) => {
  if (!config.STACK_BASE_URL) return;
  for (const key of ["STACK_PROJECT_ID", "STACK_SECRET_SERVER_KEY"] as const) {
    if (!config[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when STACK_BASE_URL is set" });
  }
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses the environment once. Empty strings count as unset, so `FOO= npm start` behaves like
 * leaving FOO out, which is what shells and .env files usually mean.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== "") input[key] = value;
  }
  const parsed = configRules.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
