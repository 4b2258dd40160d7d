import type { ApiErrorCode } from "../contract/api-errors.ts";
import type { KnownErrorCode } from "../contract/auth-errors.ts";

/** The codes of both services' registries; any other code fails the type check. */
export type ErrorCode = ApiErrorCode | KnownErrorCode;

/**
 * An error that is part of an API's contract: it has a stable code, an HTTP status and a message
 * safe to show to the caller. Anything thrown that is not an HttpError is a bug and answers 500.
 */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** For states the code rules out; reaching one is a bug, reported loudly rather than papered over. */
export function throwErr(message: string): never {
  throw new Error(message);
}
