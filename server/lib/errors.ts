import { type ApiErrorCode, type ApiErrorDetails, apiErrors } from "../contract/api-errors.ts";
import { type KnownErrorCode, knownErrors } from "../contract/auth-errors.ts";

/** The codes of both services' registries; any other code fails the type check. */
export type ErrorCode = ApiErrorCode | KnownErrorCode;

/**
 * The details a code may carry: the app API's schema for its codes; the auth service's known errors
 * carry Stack's fields (server/auth/errors/known-errors.ts), which its registry does not describe.
 */
export type ErrorDetails<C extends ErrorCode> =
  | (C extends ApiErrorCode ? ApiErrorDetails<C> : never)
  | (C extends KnownErrorCode ? Record<string, unknown> : never);

/**
 * A code's status from its registry. A code in both registries has the same status in both
 * (errors.test.ts); a code in neither (only reachable past the type check) is a bug, thrown as one.
 */
export function errorStatus(code: ErrorCode): number {
  if (Object.hasOwn(apiErrors, code)) return apiErrors[code as ApiErrorCode].status;
  if (Object.hasOwn(knownErrors, code)) return knownErrors[code as KnownErrorCode].status;
  throw new Error(`${String(code)} is in neither error registry`);
}

/**
 * An error that is part of an API's contract: it has a stable code, the HTTP status its registry
 * gives that code, and a message safe to show to the caller. Anything thrown that is not an
 * HttpError is a bug and answers 500.
 */
export class HttpError<C extends ErrorCode = ErrorCode> extends Error {
  override name = "HttpError";
  readonly status: number;
  /** Read back by the server's own code only (the callers see them in the body), so loosely typed. */
  readonly details?: Record<string, unknown>;
  constructor(
    readonly code: C,
    message: string,
    details?: ErrorDetails<C>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = errorStatus(code);
    this.details = details;
  }
}

/**
 * The one error whose status is not its code's: a refusal of the framework itself (Hono's
 * HTTPException below 500: a malformed header, a method it cannot route) keeps the status Hono chose.
 */
export class FrameworkRefusal extends HttpError<"BAD_REQUEST"> {
  override name = "FrameworkRefusal";
  override readonly status: number;
  constructor(status: number, message: string) {
    super("BAD_REQUEST", message);
    this.status = status;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** For states the code rules out; reaching one is a bug, reported loudly rather than papered over. */
export function throwErr(message: string): never {
  throw new Error(message);
}
