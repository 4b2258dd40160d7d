import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { HttpError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { AppEnv } from "./env.ts";

const OVERRIDE_HEADERS = ["x-stack-override-error-status", "x-hexclave-override-error-status"];

/** Turns what a handler threw into the error it means for the caller, or null for a bug. */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) {
    const message = formatZodError(error);
    return new HttpError(400, "SCHEMA_ERROR", message, { message });
  }
  if (error instanceof SyntaxError && /JSON/i.test(error.message)) {
    return new HttpError(400, "BODY_PARSING_ERROR", "The request body is not valid JSON.", {
      message: "The request body is not valid JSON.",
    });
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) {
      return new HttpError(413, "BODY_TOO_LARGE", "The request body is too large.");
    }
    if (error.status < 500) {
      return new HttpError(error.status, "BAD_REQUEST", error.message || "Bad request.");
    }
  }
  return null;
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
    if (!known) {
      (c.get("log") ?? logger).error({ err: error, requestId }, "unhandled error");
      return renderError(c, new HttpError(500, "INTERNAL_ERROR", "Internal server error.", { request_id: requestId }));
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

/** Stack's envelope, with both header families so either SDK dialect recognises it. */
function renderStackError(c: Context<AppEnv>, error: HttpError): Response {
  const isKnown = error.status < 500;
  if (isKnown) {
    c.header("x-stack-known-error", error.code);
    c.header("x-hexclave-known-error", error.code);
  }
  let status = error.status;
  const override = OVERRIDE_HEADERS.some((h) => c.req.header(h) !== undefined);
  if (override && status >= 400 && status < 500) {
    c.header("x-stack-actual-status", String(status));
    c.header("x-hexclave-actual-status", String(status));
    status = 200;
  }
  const body = { code: error.code, error: error.message, ...(error.details ? { details: error.details } : {}) };
  return c.json(body, status as 400);
}
