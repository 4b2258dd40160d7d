import { z } from "zod";
import { parseBackupSchedule } from "./backup/backup-schedule.ts";
import { isLoopbackHost } from "./lib/loopback.ts";
import { parseOutboundAllow } from "./lib/outbound.ts";

const optionalString = z.string().min(1).optional();
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
/**
 * The development OAuth provider: "on" only on a loopback address, "allow-remote" on any address
 * (both refused in production mode; see configRules).
 */
const devOauthProvider = z
  .enum(["true", "false", "1", "0", "yes", "no", "allow-remote"])
  .transform((v) => (v === "allow-remote" ? "allow-remote" : v === "true" || v === "1" || v === "yes" ? "on" : "off"));
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
  /** Where `npm run backup` writes its archives (docs/operations.md, "Backup and restore"). */
  BACKUP_DIR: z.string().min(1).default("./backups"),
  /** When the server backs up by itself (server/backup/backup-schedule.ts): hourly, daily@03:30, 6h, off. */
  BACKUP_SCHEDULE: z
    .string()
    .default("off")
    .superRefine((value, ctx) => {
      try {
        parseBackupSchedule(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /** Retention after each backup of the server's: keep the newest N sealed archives, and/or none older than N days. */
  BACKUP_KEEP: z.coerce.number().int().min(1).optional(),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).optional(),
  /**
   * An S3-compatible bucket the server's backups (and `npm run backup`) are uploaded to as well
   * (server/backup/backup-bucket.ts); unset: the folder alone. The endpoint is the operator's
   * explicit choice, so the outbound rules for tenants' addresses do not apply to it.
   */
  BACKUP_S3_BUCKET: optionalString,
  BACKUP_S3_ENDPOINT: z.url().optional(),
  BACKUP_S3_REGION: z.string().min(1).default("us-east-1"),
  BACKUP_S3_PREFIX: z.string().default(""),
  BACKUP_S3_ACCESS_KEY_ID: optionalString,
  /** Never logged, never shown back (the admin area names the bucket, not its keys). */
  BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
  BACKUP_S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** false: the archive is deleted from BACKUP_DIR once it is in the bucket (the bucket instead of the folder). */
  BACKUP_S3_KEEP_LOCAL: booleanFlag.default(true),
  /** A backup at start, before pending migrations of the store are applied. */
  BACKUP_BEFORE_MIGRATE: booleanFlag.default(false),
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
  // Stack's other built-in providers (server/auth/social/builtin/), each off until both are set.
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  /** Entra ID tenant: a tenant id, `organizations`, `common`; personal accounts (`consumers`) if unset. */
  MICROSOFT_TENANT_ID: optionalString,
  GITLAB_CLIENT_ID: optionalString,
  GITLAB_CLIENT_SECRET: optionalString,
  BITBUCKET_CLIENT_ID: optionalString,
  BITBUCKET_CLIENT_SECRET: optionalString,
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  /** A Facebook Login for Business configuration (`config_id` of the authorization URL). */
  FACEBOOK_CONFIG_ID: optionalString,
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  SPOTIFY_CLIENT_ID: optionalString,
  SPOTIFY_CLIENT_SECRET: optionalString,
  TWITCH_CLIENT_ID: optionalString,
  TWITCH_CLIENT_SECRET: optionalString,
  X_CLIENT_ID: optionalString,
  X_CLIENT_SECRET: optionalString,
  /** Off unless switched on: a stand-in for GitHub and Google that signs anyone in without a password. */
  DEV_OAUTH_PROVIDER: devOauthProvider.default("off"),
  /**
   * Stack's mock OAuth server (its `apps/mock-oauth-server`, an OpenID provider that signs anyone
   * in as any address) as the shared client of github, facebook, google, microsoft, spotify,
   * discord, gitlab, bitbucket and x, as Stack's development setup does (`STACK_OAUTH_MOCK_URL`).
   * For Stack's e2e suite (tools/stack-e2e) and development; refused with NODE_ENV=production.
   * Its address must pass OUTBOUND_ALLOW like any provider's.
   */
  OAUTH_MOCK_URL: z
    .url()
    .refine((u) => /^https?:\/\//.test(u) && !u.includes("?") && !u.includes("#"), {
      message: "must be an http(s) URL without query or fragment (the mock server's issuer)",
    })
    .optional(),
  STACK_BASE_URL: z.url().optional(),
  STACK_PROJECT_ID: optionalString,
  STACK_PUBLISHABLE_CLIENT_KEY: optionalString,
  STACK_SECRET_SERVER_KEY: optionalString,
  STACK_SUPER_SECRET_ADMIN_KEY: optionalString,
  /** The operator's terms of service and privacy policy, linked from the sign-up page when set. */
  TERMS_URL: z.url().optional(),
  PRIVACY_URL: z.url().optional(),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Who may create auth projects through the `internal` project (Stack's dashboard way):
   * operators (ADMIN_EMAILS, verified), every signed-in user, or nobody.
   */
  PROJECT_CREATION: z.enum(["operators", "users", "off"]).default("operators"),
  ANALYTICS_EVENTS: z.enum(["store", "drop"]).default("store"),
  /** Per-IP and per-e-mail limits on sign-in, sign-up and code endpoints; off only for tests and benchmarks. */
  AUTH_RATE_LIMITS: booleanFlag.default(true),
  /**
   * Private addresses (CIDRs, addresses, host names, `*.suffix`) the server may connect to on a
   * user's behalf: external databases, webhooks, SMTP. Public addresses need no entry.
   */
  OUTBOUND_ALLOW: z
    .string()
    .default("")
    .superRefine((value, ctx) => {
      try {
        parseOutboundAllow(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /** Behind one reverse proxy: take the client IP (for rate limits) from the last X-Forwarded-For entry. */
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * The request header in which a reverse proxy in front of every request puts the client's ISO
   * country (e.g. cf-ipcountry, x-vercel-ip-country): sign-up rules' countryCode, a new user's
   * country_code and a new session's country. Unset (the default): no country, as a client can
   * send any header itself.
   */
  AUTH_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name")
    .transform((name) => name.toLowerCase())
    .optional(),
  SQL_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  SQL_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  SQL_READ_ONLY: booleanFlag.default(false),
  /**
   * How long a member's team role is kept before the auth service is asked again: a removed member
   * or a lowered role takes effect within this time on every instance (at most 5 s; 0 asks every time).
   */
  TEAM_RIGHTS_CACHE_MS: z.coerce.number().int().min(0).max(5_000).default(2_000),
  /**
   * Whether a user is told by mail when an operator starts an impersonation of their account (on by
   * default; docs/admin.md, "Impersonation"). An instance whose users agreed otherwise turns it off.
   */
  IMPERSONATION_NOTICE: booleanFlag.default(true),
  /** Days the instance audit log keeps an event (docs/admin.md, "Audit log"); older ones are pruned daily. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /**
   * Past values of secrets are kept this many days, or the last SECRET_VERSIONS_KEEP_COUNT of each
   * key, whichever keeps more (the current value always stays); rollback reaches back this far.
   */
  SECRET_VERSIONS_KEEP_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  SECRET_VERSIONS_KEEP_COUNT: z.coerce.number().int().min(1).max(10_000).default(100),
  /**
   * Let V8 optimise PGlite's hot WebAssembly functions (TurboFan). Off by default: the optimised
   * copies and their compilation cost some 60-90 MiB per server for no measured gain on the
   * console's small queries (docs/benchmarks.md, "Lean default").
   */
  PGLITE_WASM_OPTIMIZE: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
});

/**
 * Cross-field rules: an external Stack Auth needs the project it serves and a server key; the
 * development OAuth provider is never on in production mode, and on a loopback server only unless
 * explicitly allowed (anyone who reaches it could make accounts without a password).
 */
const configRules = configSchema.superRefine((config, ctx) => {
  if (config.STACK_BASE_URL) {
    for (const key of ["STACK_PROJECT_ID", "STACK_SECRET_SERVER_KEY"] as const) {
      if (!config[key])
        ctx.addIssue({ code: "custom", path: [key], message: "is required when STACK_BASE_URL is set" });
    }
  }
  if (Boolean(config.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(config.BACKUP_S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: "custom",
      path: ["BACKUP_S3_SECRET_ACCESS_KEY"],
      message: "and BACKUP_S3_ACCESS_KEY_ID are set together, or neither (the SDK's own credentials then)",
    });
  }
  if (!config.BACKUP_S3_BUCKET && !config.BACKUP_S3_KEEP_LOCAL) {
    ctx.addIssue({ code: "custom", path: ["BACKUP_S3_KEEP_LOCAL"], message: "=false needs BACKUP_S3_BUCKET" });
  }
  if (config.OAUTH_MOCK_URL && config.NODE_ENV === "production") {
    ctx.addIssue({
      code: "custom",
      path: ["OAUTH_MOCK_URL"],
      message: "signs anyone in as any address (Stack's mock OAuth server) and cannot be set with NODE_ENV=production",
    });
  } else if (config.OAUTH_MOCK_URL && !isLoopbackHost(config.HOST)) {
    // The same bar as the development provider's: a mock that signs anyone in is never offered to a network.
    ctx.addIssue({
      code: "custom",
      path: ["OAUTH_MOCK_URL"],
      message: `signs anyone in as any address, so the server must listen on a loopback address (HOST=127.0.0.1), not ${config.HOST}`,
    });
  }
  const dev = config.DEV_OAUTH_PROVIDER;
  const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["DEV_OAUTH_PROVIDER"], message });
  if (dev !== "off" && config.NODE_ENV === "production") {
    issue("is a development tool and cannot be switched on with NODE_ENV=production");
  } else if (dev === "on" && !isLoopbackHost(config.HOST)) {
    issue(
      `=true signs anyone in without a password, so the server must listen on a loopback address ` +
        `(HOST=127.0.0.1), not ${config.HOST}; DEV_OAUTH_PROVIDER=allow-remote offers it on every address`,
    );
  } else if (dev === "on" && config.PUBLIC_URL && !isLoopbackHost(new URL(config.PUBLIC_URL).hostname)) {
    issue(
      `=true signs anyone in without a password, so PUBLIC_URL must be a loopback address, not ` +
        `${config.PUBLIC_URL}; DEV_OAUTH_PROVIDER=allow-remote offers it to everyone who reaches that address`,
    );
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
