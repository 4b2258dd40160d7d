import type { ApiErrorCode } from "@contract/api-errors";
import { APP_TITLE_MAX_LENGTH } from "@contract/input-limits";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Codes the browser adds when no answer or no pair came back (src/lib/api-client.ts). */
export type ClientErrorCode = "unknown" | "network";

/**
 * The user's words for every code the app API answers (server/contract/api-errors.ts). A Record,
 * so a new code on the server does not typecheck until it has its text here.
 */
export const API_ERROR_TEXTS: Record<ApiErrorCode | ClientErrorCode, MessageDescriptor> = {
  unknown: msg`Something went wrong. Please try again.`,
  network: msg`The server could not be reached. Check your connection and try again.`,
  NOT_FOUND: msg`This address does not exist on the server.`,
  UPGRADE_REQUIRED: msg`This address only answers live connections.`,
  SCHEMA_ERROR: msg`The input was refused: check the fields and try again.`,
  BODY_PARSING_ERROR: msg`The request could not be read. Please try again.`,
  BODY_TOO_LARGE: msg`The input is too large.`,
  UNAUTHENTICATED: msg`Please sign in again.`,
  INVALID_ACCESS_TOKEN: msg`Your session is not valid any more. Please sign in again.`,
  ACCESS_TOKEN_EXPIRED: msg`Your session has expired. Please sign in again.`,
  ANONYMOUS_USER_NOT_ALLOWED: msg`Please create an account or sign in first.`,
  CROSS_SITE_REQUEST_REFUSED: msg`The request came from another site and was refused.`,
  RESTRICTED_USER_NOT_ALLOWED: msg`Please verify your e-mail address first.`,
  INVALID_SERVICE_TOKEN: msg`The service token is not valid.`,
  SERVICE_TOKEN_EXPIRED: msg`The service token has expired.`,
  SERVICE_TOKEN_REVOKED: msg`The service token was revoked.`,
  SERVICE_TOKEN_WRONG_APP: msg`The service token belongs to another app.`,
  SERVICE_TOKEN_NOT_ALLOWED: msg`A service token can only read its app's secrets.`,
  RATE_LIMITED: msg`Too many requests. Please wait a moment and try again.`,
  ADMIN_REQUIRED: msg`Only the instance's operators may do this.`,
  ADMIN_NOT_CONFIGURED: msg`The admin area is not set up on this server (no admin key).`,
  ADMIN_PATH_NOT_ALLOWED: msg`The admin area cannot do this.`,
  SETUP_LINK_INVALID: msg`This setup link is not valid: it expired, was used already, or a newer one was printed. Restart the server for a new link if no account exists yet.`,
  SETUP_EMAIL_TAKEN: msg`An account with this e-mail address exists already.`,
  TEAM_MEMBERS_NOT_READABLE: msg`You may not see the other members of this team.`,
  APP_NOT_FOUND: msg`This app no longer exists.`,
  SECRET_NOT_FOUND: msg`This key no longer exists.`,
  SERVICE_TOKEN_NOT_FOUND: msg`This token was revoked already.`,
  DATABASE_NOT_FOUND: msg`This database no longer exists.`,
  SCHEMA_NOT_FOUND: msg`This schema no longer exists.`,
  TABLE_NOT_FOUND: msg`This table no longer exists.`,
  COLUMN_NOT_FOUND: msg`This column does not exist.`,
  FUNCTION_NOT_FOUND: msg`This function no longer exists.`,
  EXECUTION_NOT_FOUND: msg`This query has finished already.`,
  FILTER_OPERATOR_INVALID: msg`This filter does not fit the column's type.`,
  FILTER_VALUE_INVALID: msg`The filter value does not fit the column's type.`,
  EXPORT_NEEDS_ONE_STATEMENT: msg`An export needs exactly one statement.`,
  EXPORT_NO_ROWS: msg`This statement returns no rows to export.`,
  DATABASE_NAME_TAKEN: msg`A database with this name exists already.`,
  SECRET_VALUE_TOO_LARGE: msg`The value is too large: at most 64 KiB.`,
  SECRET_EXISTS: msg`This key exists already.`,
  SERVICE_TOKEN_LIMIT_REACHED: msg`An app may have at most 50 service tokens; revoke one first.`,
  IMPORT_EMPTY: msg`No KEY=value lines were found in the text.`,
  IMPORT_INVALID: msg`Some lines cannot be imported; fix them and preview again.`,
  IMPORT_TOO_MANY_ENTRIES: msg`One import may hold at most 1,000 keys.`,
  IMPORT_CONFLICT: msg`The secrets changed in the meantime. Check the preview again.`,
  EXPORT_NOT_REPRESENTABLE: msg`Some values cannot be written to a .env file without changing them; use the command line with --format json.`,
  IMPORT_CSV_EMPTY: msg`The CSV file holds no rows.`,
  IMPORT_CSV_MALFORMED: msg`The CSV file cannot be read; check the line named in the preview.`,
  IMPORT_MAPPING_INVALID: msg`The column mapping does not fit the table.`,
  IMPORT_ROW_REJECTED: msg`The database refused a row of the file; nothing was imported.`,
  IMPORT_TOO_LARGE: msg`The file is too large to import.`,
  TABLE_EXISTS: msg`A table with this name exists already.`,
  DATABASE_READ_ONLY: msg`This server runs SQL read-only: nothing can be written.`,
  SQL_TOO_LARGE: msg`The SQL text is too large.`,
  DATABASE_UNREACHABLE: msg`The database could not be reached.`,
  DATABASE_QUERY_FAILED: msg`The database refused the statement.`,
  DATABASE_BUSY: msg`The database is busy with another change. Try again in a moment.`,
  OUTBOUND_ADDRESS_NOT_ALLOWED: msg`The server may not connect to this address (ask the operator to allow it).`,
  TABLE_HAS_NO_PRIMARY_KEY: msg`Rows of a table without a primary key cannot be edited here.`,
  ROW_NOT_FOUND: msg`A row changed or was deleted in the meantime; nothing was saved.`,
  AUTH_SERVICE_UNAVAILABLE: msg`The sign-in service could not be reached. Try again in a moment.`,
  INTERNAL_ERROR: msg`Something went wrong on the server. Please try again.`,
};

/**
 * SCHEMA_ERROR names the field in its English message (`title: title is required`); for the fields
 * a form can get wrong we have a sentence of our own.
 */
export const SCHEMA_FIELD_TEXTS = {
  title: msg`Enter a title (at most ${APP_TITLE_MAX_LENGTH} characters).`,
  key: msg`A key starts with a letter or _ and holds only letters, digits and _.`,
  value: msg`Enter a value.`,
  description: msg`The description is too long.`,
  email: msg`Enter a valid e-mail address.`,
  password: msg`The password must be 8 to 70 characters long.`,
  token: msg`This link is not complete. Copy the whole link from the server's output.`,
} satisfies Record<string, MessageDescriptor>;
