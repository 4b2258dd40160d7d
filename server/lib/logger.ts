import { type Logger, pino } from "pino";

export type { Logger };

/**
 * Paths pino blanks before a line is written. Handlers log objects, not request bodies, but these
 * keep a careless `log.info({ body })` from ever writing a credential or a secret value.
 */
export const REDACTED_PATHS = [
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  'headers["x-stack-auth"]',
  'headers["x-stack-access-token"]',
  'headers["x-stack-refresh-token"]',
  'headers["x-stack-secret-server-key"]',
  'headers["x-stack-super-secret-admin-key"]',
  'headers["x-stack-admin-access-token"]',
  'headers["x-hexclave-access-token"]',
  'headers["x-hexclave-refresh-token"]',
  'headers["x-hexclave-secret-server-key"]',
  'headers["x-hexclave-super-secret-admin-key"]',
  'headers["x-hexclave-admin-access-token"]',
  "*.password",
  "*.old_password",
  "*.new_password",
  "*.token",
  "*.accessToken",
  "*.refreshToken",
  "*.access_token",
  "*.refresh_token",
  "*.secret",
  "*.value",
  "*.decryptedValue",
  "*.code",
  "*.connectionString",
  "*.url",
];

export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination,
  );
}
