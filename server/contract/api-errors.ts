import { z } from "zod";
import { importEntrySchema } from "./secrets.ts";

/**
 * Every error code the app API (/api/v1) answers, with its HTTP status and the schema of the
 * `details` it sends (none: it sends none). Errors arrive as the pair `[null, {code, message, details?}]`;
 * the browser narrows on `code`, never on `message`, and reads a code's parameters from `details`
 * typed by this schema (ApiErrorDetails) to put them into its translated sentence
 * (src/lib/errors/api-error-texts.ts). `reason` is PostgreSQL's or the driver's own words.
 * The server makes these errors with `apiError(code, message, details)` (server/api/lib/core/api-error.ts):
 * the status is looked up here, the details are checked against the schema by the type checker.
 */
const importMappingDetails = z.object({
  problem: z.enum(["notTable", "duplicateName", "mappedTwice", "generated", "nothingMapped"]).optional(),
  column: z.string().optional(),
  line: z.number().optional(),
  columns: z.number().optional(),
});

/** A statement PostgreSQL refused (its SQLSTATE and words), or one stopped at the time limit (`timeoutMs`). */
const databaseQueryFailedDetails = z.object({
  sqlState: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
  timeoutMs: z.number().optional(),
  changeIndex: z.number().optional(),
  detail: z.string().nullable().optional(),
  /** The schema editor's plan: which statement failed, the request field it came from, where in it. */
  statementIndex: z.number().optional(),
  field: z.string().nullable().optional(),
  position: z.number().nullable().optional(),
  applied: z.number().optional(),
});

interface ApiErrorEntry {
  readonly status: number;
  readonly details?: z.ZodType<Record<string, unknown>>;
}

export const apiErrors = {
  // Routing: no route for the method and path; a plain request to the WebSocket endpoint
  NOT_FOUND: { status: 404 },
  // A refusal of the framework itself (Hono's HTTPException below 500): it keeps that status, 400 most often
  BAD_REQUEST: { status: 400 },
  UPGRADE_REQUIRED: { status: 426 },
  // Request shape (produced by the shared error handler and the input-hygiene layer)
  SCHEMA_ERROR: {
    status: 400,
    details: z.object({ message: z.string().optional(), changeIndex: z.number().optional() }),
  },
  BODY_PARSING_ERROR: { status: 400, details: z.object({ message: z.string() }) },
  BODY_TOO_LARGE: { status: 413 },
  // Who is calling
  UNAUTHENTICATED: { status: 401 },
  INVALID_ACCESS_TOKEN: { status: 401 },
  ACCESS_TOKEN_EXPIRED: { status: 401 },
  ANONYMOUS_USER_NOT_ALLOWED: { status: 403 },
  // A write or socket authenticated by the session cookie from a page of another origin
  CROSS_SITE_REQUEST_REFUSED: { status: 403 },
  RESTRICTED_USER_NOT_ALLOWED: { status: 403 },
  // Service tokens: read-only access to one app's secrets (GET /apps/{appId}/secrets only)
  INVALID_SERVICE_TOKEN: { status: 401 },
  SERVICE_TOKEN_EXPIRED: { status: 401 },
  SERVICE_TOKEN_REVOKED: { status: 401 },
  SERVICE_TOKEN_WRONG_APP: { status: 401 },
  SERVICE_TOKEN_NOT_ALLOWED: { status: 401 },
  // A token reads only its own environment: the `environment` query named another
  SERVICE_TOKEN_WRONG_ENVIRONMENT: { status: 401 },
  RATE_LIMITED: { status: 429 },
  // The admin area: only operators named in ADMIN_EMAILS, and only with an admin key configured
  ADMIN_REQUIRED: { status: 403 },
  ADMIN_NOT_CONFIGURED: { status: 503 },
  // Impersonation (the admin area's "Open as this user"): the session was ended or ran out; a call
  // that only an impersonation may make; what an impersonation may not do (the admin area, itself)
  IMPERSONATION_ENDED: { status: 401 },
  NOT_IMPERSONATING: { status: 409 },
  IMPERSONATION_NOT_ALLOWED: { status: 403 },
  // Instance backups (the admin area's Backups page): one runs at a time; the archive folder
  BACKUP_RUNNING: { status: 409 },
  BACKUP_NOT_FOUND: { status: 404 },
  BACKUP_DIR_UNWRITABLE: { status: 507 },
  BACKUP_DISK_FULL: { status: 507 },
  // The S3 bucket of BACKUP_S3_*: the keys refused, no such bucket, no answer at its endpoint, any other failure
  BACKUP_BUCKET_DENIED: { status: 502 },
  BACKUP_BUCKET_MISSING: { status: 502 },
  BACKUP_BUCKET_UNREACHABLE: { status: 502 },
  BACKUP_BUCKET_FAILED: { status: 502 },
  // Restoring one database of an archive into a new one: the archive is checked whole first
  ARCHIVE_TRUNCATED: { status: 422 },
  ARCHIVE_ALTERED: { status: 422 },
  ARCHIVE_WRONG_KEY: { status: 422 },
  ARCHIVE_NEWER_SCHEMA: { status: 422 },
  RESTORE_STORE_MISMATCH: { status: 422 },
  BACKUP_DATABASE_NOT_FOUND: { status: 404 },
  // The database's owner (a user or a team) is unknown to the archive or no longer exists
  BACKUP_OWNER_GONE: { status: 409 },
  PG_CLIENT_MISSING: { status: 503 },
  PG_TOOL_FAILED: { status: 502 },
  ADMIN_PATH_NOT_ALLOWED: { status: 400 },
  // The one-time setup link that makes the first operator (/setup): unknown, expired or used; address taken
  SETUP_LINK_INVALID: { status: 403 },
  SETUP_EMAIL_TAKEN: { status: 409 },
  // GET /teams/{teamId}/members: the caller does not hold $read_members there (or no such team)
  TEAM_MEMBERS_NOT_READABLE: { status: 403 },
  // Team workspaces: the caller's role in the owning team is below what the action needs
  // (details.role names the role needed); the caller is not a member of the team named in the request
  TEAM_ROLE_REQUIRED: { status: 403, details: z.object({ role: z.enum(["viewer", "developer", "admin", "owner"]) }) },
  NOT_A_TEAM_MEMBER: { status: 403, details: z.object({ userId: z.string().optional() }) },
  // Team changes made through the console on the caller's behalf: the auth service wants a team
  // permission of theirs (details.permission: $update_team, $delete_team, $remove_members), or lets
  // no client create teams in this project
  TEAM_PERMISSION_MISSING: { status: 403, details: z.object({ permission: z.string() }) },
  TEAM_CREATION_DISABLED: { status: 403 },
  // PUT /teams/{teamId}/members/{userId}/role: the last owner cannot step down
  TEAM_NEEDS_OWNER: { status: 409 },
  // DELETE /teams/{teamId}/members/{userId} naming the caller: leaving is the member's own "Leave team"
  TEAM_REMOVE_SELF: { status: 400 },
  // Team invitations: owner is handed over by transfer, never invited (details.role is the role asked for);
  // the invitation is not an open one of this team (used, withdrawn, expired or another team's)
  INVITATION_ROLE_NOT_GRANTABLE: {
    status: 403,
    details: z.object({ role: z.enum(["viewer", "developer", "admin", "owner"]) }),
  },
  TEAM_INVITATION_NOT_FOUND: { status: 404 },
  // POST /teams/{teamId}/transfer: the owner names themselves, or someone who is not a member
  TRANSFER_TO_SELF: { status: 400 },
  TRANSFER_TARGET_NOT_MEMBER: { status: 400, details: z.object({ userId: z.string() }) },
  // A viewer's SQL: only SELECT, EXPLAIN (of a SELECT) and SHOW run (details.statementIndex is the first other one)
  SQL_READ_ONLY_ROLE: {
    status: 403,
    details: z.object({ statementIndex: z.number(), role: z.literal("developer") }),
  },
  // Resources (another user's objects answer these too)
  APP_NOT_FOUND: { status: 404 },
  SECRET_NOT_FOUND: { status: 404 },
  // No environment of the app has this slug (the `environment` query, a path, a token's request)
  ENVIRONMENT_NOT_FOUND: { status: 404, details: z.object({ environment: z.string() }) },
  // A version of a key that is not kept (pruned, never made), or a deletion, which has no value
  SECRET_VERSION_NOT_FOUND: { status: 404, details: z.object({ version: z.number() }) },
  // A rollback further back than the versions are kept (SECRET_VERSIONS_KEEP_DAYS)
  SECRET_ROLLBACK_TOO_OLD: { status: 400, details: z.object({ keepDays: z.number() }) },
  SERVICE_TOKEN_NOT_FOUND: { status: 404 },
  // An app's change webhook (another app's looks the same as a missing one)
  WEBHOOK_NOT_FOUND: { status: 404 },
  DATABASE_NOT_FOUND: { status: 404 },
  SCHEMA_NOT_FOUND: { status: 404, details: z.object({ schema: z.string() }) },
  TABLE_NOT_FOUND: { status: 404, details: z.object({ schema: z.string(), table: z.string() }) },
  COLUMN_NOT_FOUND: {
    status: 400,
    details: z.object({ column: z.string().optional(), changeIndex: z.number().optional() }),
  },
  /** GET /db/{dbId}/structure/function/{oid}: no routine has this oid (dropped, or replaced since the tree was read). */
  FUNCTION_NOT_FOUND: { status: 404 },
  EXECUTION_NOT_FOUND: { status: 404 },
  // Table filters: an operator the column's type has no sense for; a value that is not of its type
  FILTER_OPERATOR_INVALID: { status: 400, details: z.object({ column: z.string(), op: z.string() }) },
  FILTER_VALUE_INVALID: {
    status: 400,
    details: z.object({
      column: z.string(),
      op: z.string().optional(),
      type: z.string().optional(),
      problem: z.literal("missing").optional(),
    }),
  },
  // Exports: one statement, and one that returns rows
  EXPORT_NEEDS_ONE_STATEMENT: { status: 400, details: z.object({ statements: z.number() }) },
  EXPORT_NO_ROWS: { status: 400 },
  // CSV imports: details.line is the file's line (1-based) where the refused record starts
  IMPORT_CSV_EMPTY: { status: 400 },
  IMPORT_CSV_MALFORMED: {
    status: 400,
    // reason: QUOTE_NOT_CLOSED, INVALID_QUOTE, TEXT_AFTER_QUOTE or RECORD_WIDTH (with both field counts).
    details: z.object({
      line: z.number(),
      reason: z.string(),
      fields: z.number().optional(),
      expected: z.number().optional(),
    }),
  },
  IMPORT_MAPPING_INVALID: { status: 400, details: importMappingDetails },
  IMPORT_ROW_REJECTED: {
    status: 400,
    details: z.object({
      line: z.number().nullable(),
      column: z.string().nullable(),
      sqlState: z.string().nullable(),
      reason: z.string(),
      /** A repeated unique key: the earlier line of the file, or the row already in the table. */
      duplicateOf: z.number().optional(),
      existingKey: z.string().optional(),
    }),
  },
  IMPORT_TOO_LARGE: { status: 413, details: z.object({ maxBytes: z.number() }) },
  TABLE_EXISTS: { status: 409, details: z.object({ schema: z.string(), table: z.string() }) },
  /** The server runs user SQL read-only (SQL_READ_ONLY): nothing can be written, imports included. */
  DATABASE_READ_ONLY: { status: 403 },
  // The schema editor: a column type the catalog does not list; the table changed since the editor loaded it
  TYPE_NOT_FOUND: { status: 400, details: z.object({ type: z.string(), field: z.string() }) },
  STRUCTURE_CHANGED: { status: 409, details: z.object({ schema: z.string(), table: z.string() }) },
  /** A trigram index was asked for where pg_trgm is missing or the relation (a view) holds no index. */
  SEARCH_INDEX_UNAVAILABLE: { status: 400, details: z.object({ schema: z.string(), table: z.string() }) },
  // Saved queries (/snippets): another user's answers the same 404
  SNIPPET_NOT_FOUND: { status: 404 },
  SNIPPET_NAME_TAKEN: { status: 409, details: z.object({ name: z.string().optional() }) },
  SNIPPET_LIMIT_REACHED: { status: 409, details: z.object({ max: z.number() }) },
  // Conflicts and limits
  DATABASE_NAME_TAKEN: { status: 409, details: z.object({ name: z.string() }) },
  DATABASE_BRANCH_EXTERNAL: { status: 409 },
  // SQL dumps: pg_dump cannot read this server (older than it, or missing); pg_dump failed (its words)
  // One SQL download per database at a time, and a few per server (server/api/lib/transfer/dump-slots.ts)
  DUMP_RUNNING: { status: 409, details: z.object({ scope: z.enum(["database", "server"]) }) },
  DUMP_UNAVAILABLE: {
    status: 409,
    details: z.object({
      reason: z.enum(["versionMismatch", "clientMissing"]),
      serverVersion: z.string().optional(),
      clientVersion: z.string().optional(),
    }),
  },
  DUMP_FAILED: { status: 400, details: z.object({ reason: z.string() }) },
  // SQL restores: the target holds objects already; the file is no plain SQL text (format: custom for a
  // pg_dump archive, binary, encoding); a statement refused before it ran (one that would reach past the
  // database: kind is the parser's node, or the psql meta-command) or refused by PostgreSQL; line is 1-based
  RESTORE_NOT_EMPTY: { status: 409, details: z.object({ objects: z.number() }) },
  RESTORE_NOT_SQL: {
    status: 400,
    details: z.object({
      format: z.enum(["custom", "binary", "encoding", "unterminated"]),
      line: z.number().optional(),
    }),
  },
  RESTORE_STATEMENT_REFUSED: { status: 400, details: z.object({ line: z.number(), kind: z.string() }) },
  RESTORE_STATEMENT_TOO_LARGE: { status: 413, details: z.object({ line: z.number(), maxBytes: z.number() }) },
  RESTORE_STATEMENT_FAILED: {
    status: 400,
    details: z.object({ line: z.number(), sqlState: z.string().nullable(), reason: z.string() }),
  },
  SECRET_VALUE_TOO_LARGE: { status: 413, details: z.object({ maxBytes: z.number() }) },
  SECRET_EXISTS: { status: 409, details: z.object({ key: z.string() }) },
  SERVICE_TOKEN_LIMIT_REACHED: { status: 409, details: z.object({ max: z.number() }) },
  WEBHOOK_LIMIT_REACHED: { status: 409, details: z.object({ max: z.number() }) },
  // Environments: a slug is unique within its app; an app keeps at least one and at most ENVIRONMENTS_PER_APP
  ENVIRONMENT_SLUG_TAKEN: { status: 409, details: z.object({ slug: z.string() }) },
  ENVIRONMENT_LIMIT_REACHED: { status: 409, details: z.object({ max: z.number() }) },
  ENVIRONMENT_LAST: { status: 409 },
  // References in values (${KEY}, ${staging.KEY}, ${<app id>.production.KEY}), resolved only on a read for use:
  // details.key is the key read, details.reference the reference that failed as written, details.cycle the keys
  // of a cycle (first and last the same). The whole read fails: never a partial environment.
  SECRET_REFERENCE_MISSING: { status: 422, details: z.object({ key: z.string(), reference: z.string() }) },
  SECRET_REFERENCE_CYCLE: { status: 422, details: z.object({ key: z.string(), cycle: z.array(z.string()) }) },
  // The reference names values the caller may not read itself: another app without the developer role on it
  // (or one they cannot see), or, for a service token, anything outside its own app and environment
  SECRET_REFERENCE_FORBIDDEN: { status: 403, details: z.object({ key: z.string(), reference: z.string() }) },
  // With its references resolved, a value would be over SECRET_VALUE_MAX_BYTES
  SECRET_REFERENCE_TOO_LARGE: { status: 422, details: z.object({ key: z.string(), maxBytes: z.number() }) },
  // Copying between environments: into itself; named keys without a value in the source; keys whose
  // different value in the target would be replaced without `replace: true` (the web app asks first)
  COPY_SAME_ENVIRONMENT: { status: 400 },
  COPY_KEYS_NOT_IN_SOURCE: { status: 404, details: z.object({ keys: z.array(z.string()) }) },
  COPY_WOULD_REPLACE: { status: 409, details: z.object({ keys: z.array(z.string()) }) },
  // .env import and export
  IMPORT_EMPTY: { status: 400 },
  IMPORT_INVALID: {
    status: 400,
    details: z.object({ invalid: z.array(importEntrySchema.pick({ key: true, reason: true })) }),
  },
  IMPORT_TOO_MANY_ENTRIES: { status: 400, details: z.object({ max: z.number() }) },
  IMPORT_CONFLICT: { status: 409, details: z.object({ keys: z.array(z.string()) }) },
  EXPORT_NOT_REPRESENTABLE: { status: 422, details: z.object({ keys: z.array(z.string()) }) },
  SQL_TOO_LARGE: { status: 413, details: z.object({ maxBytes: z.number() }) },
  // Databases
  DATABASE_UNREACHABLE: { status: 400, details: z.object({ reason: z.string() }) },
  DATABASE_QUERY_FAILED: { status: 400, details: databaseQueryFailedDetails },
  DATABASE_BUSY: { status: 409 },
  // Connections on a user's behalf go only to public addresses, or those the operator allows (OUTBOUND_ALLOW)
  OUTBOUND_ADDRESS_NOT_ALLOWED: { status: 403 },
  // Row changes (POST /db/{dbId}/rows): edits need a primary key; a key that matches no row undoes all
  TABLE_HAS_NO_PRIMARY_KEY: { status: 400 },
  ROW_NOT_FOUND: { status: 409, details: z.object({ changeIndex: z.number() }).partial() },
  // Dependencies
  AUTH_SERVICE_UNAVAILABLE: {
    status: 502,
    details: z.object({
      reason: z.string().optional(),
      status: z.number().optional(),
      authErrorCode: z.string().optional(),
    }),
  },
  INTERNAL_ERROR: { status: 500, details: z.object({ request_id: z.string() }) },
} as const satisfies Record<string, ApiErrorEntry>;

export type ApiErrorCode = keyof typeof apiErrors;

/** What `details` holds for `code`: the registry's schema, or nothing for a code without parameters. */
export type ApiErrorDetails<C extends ApiErrorCode> = (typeof apiErrors)[C] extends {
  details: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** The error half of a failed answer, typed by its code. */
export type ApiErrorBody<C extends ApiErrorCode = ApiErrorCode> = {
  [K in C]: { code: K; message: string; details?: ApiErrorDetails<K> };
}[C];

/** Every answer of the app API: `[data, null]` or `[null, error]`. */
export type ApiPair<T> = [T, null] | [null, ApiErrorBody];
