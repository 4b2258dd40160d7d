import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { FrameworkRefusal, HttpError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { RateLimited } from "../lib/rate-limits.ts";
import type { AppEnv } from "./env.ts";

const OVERRIDE_HEADERS = ["x-stack-override-error-status", "x-hexclave-override-error-status"];

/**
 * A body refused before it was read: the rest of it is still on the connection, and the server
 * stops reading it, so the connection cannot carry another request. Saying so (Connection: close)
 * lets a keep-alive client open a new one instead of meeting a reset on its next request.
 */
export function bodyTooLarge(): HttpError {
  return new HttpError("BODY_TOO_LARGE", "The request body is too large.", undefined, { Connection: "close" });
}

/** Turns what a handler threw into the error it means for the caller, or null for a bug. */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof RateLimited) {
    return new HttpError("RATE_LIMITED", error.message, undefined, {
      "Retry-After": String(error.retryAfterSeconds),
    });
  }
  if (error instanceof ZodError) {
    const message = formatZodError(error);
    return new HttpError("SCHEMA_ERROR", message, { message });
  }
  if (error instanceof SyntaxError && /JSON/i.test(error.message)) {
    return new HttpError("BODY_PARSING_ERROR", "The request body is not valid JSON.", {
      message: "The request body is not valid JSON.",
    });
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) return bodyTooLarge();
    if (error.status < 500) {
      return new FrameworkRefusal(error.status, error.message || "Bad request.");
    }
  }
  return null;
}

/**
 * PostgreSQL's SQLSTATE of a failed statement, looked up through drizzle's wrapper (`cause`), for
 * either driver (pg's DatabaseError and PGlite's carry `code`).
 */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 4 && current instanceof Error; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * A value from the request that the store refused: data exceptions (class 22: bad text encoding,
 * invalid input syntax, out-of-range numbers or dates) and program limits (class 54: nesting too
 * deep, index rows too large). Input validation should stop these first; this is the net under it,
 * so that what slips through is still the caller's 400, not a 500.
 */
function storeRefusal(error: unknown): HttpError | null {
  const state = sqlStateOf(error);
  if (!state || !(state.startsWith("22") || state.startsWith("54"))) return null;
  const message = "The request contains a value the database cannot store.";
  return new HttpError("SCHEMA_ERROR", message, { message });
}

export function formatZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.length ? `${issue.path.join(".")}: ` : "";
      return `${path}${issue.message}`;
    })
    .join("\n");
}

/**
 * The one error handler. It logs bugs once with the request id, never their internals to the
 * caller, and renders known errors in the envelope of the API the request was for.
 */
export function createErrorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const known = toHttpError(error);
    const requestId = c.get("requestId") ?? "unknown";
    const log = c.get("log") ?? logger;
    if (!known) {
      const refused = storeRefusal(error);
      if (refused) {
        log.warn({ err: error, requestId }, "the store refused a value from the request; validate it at the edge");
        return renderError(c, refused);
      }
      // Logged through the logger's error serializer: code, message and stack, never parameters.
      log.error({ err: error, requestId }, "unhandled error");
      return renderError(c, new HttpError("INTERNAL_ERROR", "Internal server error.", { request_id: requestId }));
    }
    return renderError(c, known);
  };
}

export function renderError(c: Context<AppEnv>, error: HttpError): Response {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  if (c.get("errorFormat") === "pair") {
    const body = [
      null,
      { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    ];
    return c.json(body, error.status as 400);
  }
  return renderStackError(c, error);
}

/**
 * Stack's status override: a client that sends x-stack-override-error-status (either dialect) gets
 * a 4xx as 200, its real status in x-stack-actual-status / x-hexclave-actual-status. The one place
 * for known errors and status errors alike.
 */
export function stackAnswerStatus(
  c: Context<AppEnv>,
  status: number,
  setHeader: (name: string, value: string) => void,
): number {
  if (status < 400 || status >= 500 || !OVERRIDE_HEADERS.some((h) => c.req.header(h) !== undefined)) return status;
  setHeader("x-stack-actual-status", String(status));
  setHeader("x-hexclave-actual-status", String(status));
  return 200;
}

/** Stack's envelope, with both header families so either SDK dialect recognises it. */
function renderStackError(c: Context<AppEnv>, error: HttpError): Response {
  const isKnown = error.status < 500;
  if (isKnown) {
    c.header("x-stack-known-error", error.code);
    c.header("x-hexclave-known-error", error.code);
  }
  const status = stackAnswerStatus(c, error.status, (name, value) => c.header(name, value));
  const body = { code: error.code, error: error.message, ...(error.details ? { details: error.details } : {}) };
  return c.json(body, status as 400);
}
