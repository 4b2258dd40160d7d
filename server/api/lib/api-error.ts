import { type ApiErrorCode, apiErrorStatus } from "../../contract/api-errors.ts";
import { HttpError } from "../../lib/errors.ts";

/**
 * An error of the app API, its status taken from the contract's registry so code and status never
 * drift apart.
 *
 * @example throw apiError("APP_NOT_FOUND", "App not found.")
 */
export function apiError(
  code: ApiErrorCode,
  message: string,
  details?: Record<string, unknown>,
  headers?: Record<string, string>,
): HttpError {
  return new HttpError(apiErrorStatus[code], code, message, details, headers);
}
