import type { ApiErrorCode, ApiErrorDetails } from "../../../contract/api-errors.ts";
import { type ErrorDetails, HttpError } from "../../../lib/errors.ts";

/**
 * An error of the app API: its status taken from the contract's registry, its details checked
 * against the code's schema there, so code, status and parameters never drift apart.
 *
 * @example throw apiError("APP_NOT_FOUND", "App not found.")
 */
export function apiError<C extends ApiErrorCode>(
  code: C,
  message: string,
  details?: ApiErrorDetails<C>,
  headers?: Record<string, string>,
): HttpError<C> {
  return new HttpError<C>(code, message, details as ErrorDetails<C>, headers);
}
