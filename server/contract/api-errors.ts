/**
 * Every error code the app API (/api/v1) answers, with its HTTP status. Errors arrive as the pair
 * `[null, {code, message, details?}]`; the browser narrows on `code`, never on `message`.
 */
export const apiErrorStatus = {
  // Request shape (produced by the shared error handler)
  SCHEMA_ERROR: 400,
  BODY_PARSING_ERROR: 400,
  BODY_TOO_LARGE: 413,
  // Who is calling
  UNAUTHENTICATED: 401,
  INVALID_ACCESS_TOKEN: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  ANONYMOUS_USER_NOT_ALLOWED: 403,
  RESTRICTED_USER_NOT_ALLOWED: 403,
  // The admin area: only operators named in ADMIN_EMAILS, and only with an admin key configured
  ADMIN_REQUIRED: 403,
  ADMIN_NOT_CONFIGURED: 503,
  ADMIN_PATH_NOT_ALLOWED: 400,
  // Resources (another user's objects answer these too)
  APP_NOT_FOUND: 404,
  SECRET_NOT_FOUND: 404,
  DATABASE_NOT_FOUND: 404,
  SCHEMA_NOT_FOUND: 404,
  TABLE_NOT_FOUND: 404,
  COLUMN_NOT_FOUND: 400,
  EXECUTION_NOT_FOUND: 404,
  // Conflicts and limits
  DATABASE_NAME_TAKEN: 409,
  SECRET_VALUE_TOO_LARGE: 413,
  SQL_TOO_LARGE: 413,
  // Databases
  DATABASE_UNREACHABLE: 400,
  DATABASE_QUERY_FAILED: 400,
  DATABASE_BUSY: 409,
  // Row changes (POST /db/{dbId}/rows): edits need a primary key; a key that matches no row undoes all
  TABLE_HAS_NO_PRIMARY_KEY: 400,
  ROW_NOT_FOUND: 409,
  // Dependencies
  AUTH_SERVICE_UNAVAILABLE: 502,
  INTERNAL_ERROR: 500,
} as const;

export type ApiErrorCode = keyof typeof apiErrorStatus;

/** The error half of a failed answer. */
export interface ApiErrorBody {
  code: ApiErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** Every answer of the app API: `[data, null]` or `[null, error]`. */
export type ApiPair<T> = [T, null] | [null, ApiErrorBody];
