/**
 * Every error code the app API (/api/v1) answers, with its HTTP status. Errors arrive as the pair
 * `[null, {code, message, details?}]`; the browser narrows on `code`, never on `message`.
 * A code's parameters travel in `details` for the browser to put into its translated sentence
 * (the database routes: `name`, `schema`, `table`, `column`, `line`, `maxBytes`, `timeoutMs`,
 * IMPORT_MAPPING_INVALID's `problem`, and `reason`: PostgreSQL's or the driver's own words).
 */
export const apiErrorStatus = {
  // Routing: no route for the method and path; a plain request to the WebSocket endpoint
  NOT_FOUND: 404,
  // A refusal of the framework itself (Hono's HTTPException below 500): it keeps that status, 400 most often
  BAD_REQUEST: 400,
  UPGRADE_REQUIRED: 426,
  // Request shape (produced by the shared error handler and the input-hygiene layer)
  SCHEMA_ERROR: 400,
  BODY_PARSING_ERROR: 400,
  BODY_TOO_LARGE: 413,
  // Who is calling
  UNAUTHENTICATED: 401,
  INVALID_ACCESS_TOKEN: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  ANONYMOUS_USER_NOT_ALLOWED: 403,
  // A write or socket authenticated by the session cookie from a page of another origin
  CROSS_SITE_REQUEST_REFUSED: 403,
  RESTRICTED_USER_NOT_ALLOWED: 403,
  // Service tokens: read-only access to one app's secrets (GET /apps/{appId}/secrets only)
  INVALID_SERVICE_TOKEN: 401,
  SERVICE_TOKEN_EXPIRED: 401,
  SERVICE_TOKEN_REVOKED: 401,
  SERVICE_TOKEN_WRONG_APP: 401,
  SERVICE_TOKEN_NOT_ALLOWED: 401,
  RATE_LIMITED: 429,
  // The admin area: only operators named in ADMIN_EMAILS, and only with an admin key configured
  ADMIN_REQUIRED: 403,
  ADMIN_NOT_CONFIGURED: 503,
  ADMIN_PATH_NOT_ALLOWED: 400,
  // The one-time setup link that makes the first operator (/setup): unknown, expired or used; address taken
  SETUP_LINK_INVALID: 403,
  SETUP_EMAIL_TAKEN: 409,
  // GET /teams/{teamId}/members: the caller does not hold $read_members there (or no such team)
  TEAM_MEMBERS_NOT_READABLE: 403,
  // Resources (another user's objects answer these too)
  APP_NOT_FOUND: 404,
  SECRET_NOT_FOUND: 404,
  SERVICE_TOKEN_NOT_FOUND: 404,
  DATABASE_NOT_FOUND: 404,
  SCHEMA_NOT_FOUND: 404,
  TABLE_NOT_FOUND: 404,
  COLUMN_NOT_FOUND: 400,
  /** GET /db/{dbId}/structure/function/{oid}: no routine has this oid (dropped, or replaced since the tree was read). */
  FUNCTION_NOT_FOUND: 404,
  EXECUTION_NOT_FOUND: 404,
  // Table filters: an operator the column's type has no sense for; a value that is not of its type
  FILTER_OPERATOR_INVALID: 400,
  FILTER_VALUE_INVALID: 400,
  // Exports: one statement, and one that returns rows
  EXPORT_NEEDS_ONE_STATEMENT: 400,
  EXPORT_NO_ROWS: 400,
  // CSV imports: details.line is the file's line (1-based) where the refused record starts
  IMPORT_CSV_EMPTY: 400,
  IMPORT_CSV_MALFORMED: 400,
  IMPORT_MAPPING_INVALID: 400,
  IMPORT_ROW_REJECTED: 400,
  IMPORT_TOO_LARGE: 413,
  TABLE_EXISTS: 409,
  /** The server runs user SQL read-only (SQL_READ_ONLY): nothing can be written, imports included. */
  DATABASE_READ_ONLY: 403,
  // Conflicts and limits
  DATABASE_NAME_TAKEN: 409,
  SECRET_VALUE_TOO_LARGE: 413,
  SECRET_EXISTS: 409,
  SERVICE_TOKEN_LIMIT_REACHED: 409,
  // .env import and export
  IMPORT_EMPTY: 400,
  IMPORT_INVALID: 400,
  IMPORT_TOO_MANY_ENTRIES: 400,
  IMPORT_CONFLICT: 409,
  EXPORT_NOT_REPRESENTABLE: 422,
  SQL_TOO_LARGE: 413,
  // Databases
  DATABASE_UNREACHABLE: 400,
  DATABASE_QUERY_FAILED: 400,
  DATABASE_BUSY: 409,
  // Connections on a user's behalf go only to public addresses, or those the operator allows (OUTBOUND_ALLOW)
  OUTBOUND_ADDRESS_NOT_ALLOWED: 403,
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
