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
      // serializeErrorsIn (below) has already turned `err` into its safe form; pino's own would undo that.
      serializers: { err: (value: unknown) => value },
      formatters: { level: (label) => ({ level: label }), log: serializeErrorsIn },
    },
    options.destination,
  );
}

/**
 * Errors under any key of a log call (`{ err }`, `{ error }`, `{ cause }`, one level into nested
 * objects too) are written through serializeError, never as their raw enumerable fields.
 */
function serializeErrorsIn(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(object)) {
    let safe: unknown = value;
    if (value instanceof Error || (key === "err" && value !== undefined)) safe = serializeError(value);
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      const nested = value as Record<string, unknown>;
      if (Object.values(nested).some((v) => v instanceof Error)) safe = serializeErrorsIn(nested);
    }
    if (safe !== value) {
      copy ??= { ...object };
      copy[key] = safe;
    }
  }
  return copy ?? object;
}

/** What a logged error may show: its kind, code, message and where it was thrown. */
export interface SerializedError {
  type: string;
  message: string;
  /** SQLSTATE or Node's code (not `code`: that key is redacted, it names verification codes in bodies). */
  errorCode?: string;
  stack?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
}

/**
 * An error as a log line may carry it: kind, SQLSTATE or Node code, message and stack frames, and
 * its cause chain. Nothing else: drizzle's "Failed query … params: …" loses its parameters, a
 * PostgreSQL error its `detail`/`where` (they quote row values) and, for data exceptions (class
 * 22), the quoted value in its message; driver errors lose request and response objects.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === "string" ? "(a string was thrown)" : "(not an Error)" };
  }
  const code = codeOf(error);
  const message = safeMessage(error.message, code);
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
  const type = error.constructor?.name && error.constructor.name !== "Object" ? error.constructor.name : error.name;
  const out: SerializedError = { type, message };
  if (code) out.errorCode = code;
  if (frames) out.stack = `${type}: ${message}\n${frames}`;
  if (depth < 4) {
    if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) out.errors = error.errors.slice(0, 3).map((e) => serializeError(e, depth + 1));
  }
  return out;
}

function codeOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" || typeof code === "number" ? String(code) : undefined;
}

function safeMessage(message: string, code: string | undefined): string {
  let safe = message;
  // drizzle-orm's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  const params = safe.indexOf("\nparams:");
  if (params >= 0) safe = safe.slice(0, params);
  // PostgreSQL data exceptions quote the refused value: invalid input syntax for type uuid: "…".
  if (code?.startsWith("22")) safe = safe.replace(/"(?:[^"\\]|\\.)*"/g, '"[value]"');
  return safe.length > 2000 ? `${safe.slice(0, 2000)}…` : safe;
}
