import type { ApiErrorCode, ApiErrorDetails } from "@contract/api-errors";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { formatBytes } from "@/lib/format-bytes";
import { ROLE_NAMES } from "@/lib/workspace/role-names";
import type { ErrorTextEntry } from "./error-text-entry";

/**
 * Codes the browser adds (src/lib/api-client.ts): no pair came back, no answer at all, or an
 * answer of another shape than its contract schema (src/lib/parse-answer.ts).
 */
export type ClientErrorCode = "unknown" | "network" | "invalid_answer";

/**
 * A code's entry: a sentence for a code without details; for one with details (the registry's
 * schema), a sentence that may put them in, typed by that schema.
 */
type ApiErrorTexts = {
  [C in ApiErrorCode | ClientErrorCode]: C extends ApiErrorCode
    ? [ApiErrorDetails<C>] extends [undefined]
      ? MessageDescriptor
      : ErrorTextEntry<NonNullable<ApiErrorDetails<C>>>
    : MessageDescriptor;
};

/** A detail that names something (the server may send an empty one). */
const named = (value: string | null | undefined) => (value ? value : undefined);
/** A detail that counts something. */
const counted = (value: number | null | undefined) => (typeof value === "number" ? value : undefined);
const bytes = (i18n: I18n, maxBytes: number | undefined) =>
  typeof maxBytes === "number" ? formatBytes(maxBytes, i18n.locale) : undefined;

/** A reference error's sentence says "its value": the key in front (details.key) says whose, among hundreds. */
const aboutKey = (text: MessageDescriptor): ErrorTextEntry<{ key: string }> => ({
  text,
  detailed(i18n, { key }) {
    const referenceKey = named(key);
    return referenceKey ? i18n._(msg`Key ${referenceKey}: ${i18n._(text)}`) : undefined;
  },
});

/**
 * The user's words for every code the app API answers (server/contract/api-errors.ts): a mapped
 * type, so a new code on the server does not typecheck until it has its text here, nor a renamed
 * detail until its sentence reads the new name. Where the cause is PostgreSQL's or the driver's own
 * text (`details.reason`: a refused row, an unreachable host), it follows our translated sentence,
 * as SQL users expect to read it; the server's English `message` is never shown for a known code.
 */
export const API_ERROR_TEXTS: ApiErrorTexts = {
  unknown: msg`Something went wrong. Please try again.`,
  network: msg`The server could not be reached. Check your connection and try again.`,
  invalid_answer: msg`The server's answer could not be read. Reload the page; if this persists, the server and this page may be from different versions.`,
  NOT_FOUND: msg`This address does not exist on the server.`,
  BAD_REQUEST: msg`The request was refused. Please try again.`,
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
  SERVICE_TOKEN_WRONG_ENVIRONMENT: msg`The service token reads another environment of this app.`,
  SERVICE_TOKEN_NOT_ALLOWED: msg`A service token can only read its app's secrets.`,
  RATE_LIMITED: msg`Too many requests. Please wait a moment and try again.`,
  ADMIN_REQUIRED: msg`Only the instance's operators may do this.`,
  ADMIN_NOT_CONFIGURED: msg`The admin area is not set up on this server (no admin key).`,
  IMPERSONATION_ENDED: msg`This impersonation has ended.`,
  NOT_IMPERSONATING: msg`This tab is not an impersonation.`,
  IMPERSONATION_NOT_ALLOWED: msg`An impersonation cannot do this.`,
  BACKUP_RUNNING: msg`A backup is running already; wait for it to end.`,
  BACKUP_NOT_FOUND: msg`This backup no longer exists.`,
  BACKUP_DIR_UNWRITABLE: msg`The server may not write into its backup folder (BACKUP_DIR).`,
  BACKUP_DISK_FULL: msg`The disk of the backup folder is full; the backup was stopped and removed.`,
  BACKUP_BUCKET_DENIED: msg`The backup bucket refused the access key: check BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY.`,
  BACKUP_BUCKET_MISSING: msg`The backup bucket (BACKUP_S3_BUCKET) does not exist.`,
  BACKUP_BUCKET_UNREACHABLE: msg`The backup bucket could not be reached at BACKUP_S3_ENDPOINT.`,
  BACKUP_BUCKET_FAILED: msg`The backup bucket failed; the server's log has its words.`,
  ARCHIVE_TRUNCATED: msg`The backup is incomplete (cut short); nothing was restored.`,
  ARCHIVE_ALTERED: msg`The backup does not match its checksums: it was altered or damaged. Nothing was restored.`,
  ARCHIVE_WRONG_KEY: msg`The backup was made under another master key; this instance cannot open it.`,
  ARCHIVE_NEWER_SCHEMA: msg`The backup comes from a newer version of the console; restore it with that version or a later one.`,
  RESTORE_STORE_MISMATCH: msg`The backup was made on another kind of store (PGlite or PostgreSQL) than this instance runs on.`,
  BACKUP_DATABASE_NOT_FOUND: msg`This backup holds no such database.`,
  BACKUP_OWNER_GONE: msg`The database's owner no longer exists (or the backup does not name it), so it cannot be restored for them.`,
  PG_CLIENT_MISSING: msg`PostgreSQL's client tools (pg_dump, pg_restore) are not installed on the server.`,
  PG_TOOL_FAILED: msg`PostgreSQL's restore tool failed; the server's log has its words.`,
  ADMIN_PATH_NOT_ALLOWED: msg`The admin area cannot do this.`,
  SETUP_LINK_INVALID: msg`This setup link is not valid: it expired, was used already, or a newer one was printed. Restart the server for a new link if no account exists yet.`,
  SETUP_EMAIL_TAKEN: msg`An account with this e-mail address exists already.`,
  TEAM_MEMBERS_NOT_READABLE: msg`You may not see the other members of this team.`,
  TEAM_ROLE_REQUIRED: {
    text: msg`Your role in this team does not allow this. Ask a team admin for a higher role.`,
    // The role the action needs: the user knows whom to ask for what.
    detailed(i18n, { role }) {
      if (typeof role !== "string" || !Object.hasOwn(ROLE_NAMES, role)) return undefined;
      const name = i18n._(ROLE_NAMES[role]);
      return i18n._(msg`This needs the role ${name} in this team. Ask a team admin for it.`);
    },
  },
  NOT_A_TEAM_MEMBER: msg`You are not a member of this team.`,
  TEAM_PERMISSION_MISSING: msg`You may not do this in this team. Ask a team admin.`,
  TEAM_CREATION_DISABLED: msg`Creating teams is turned off on this server.`,
  TEAM_NEEDS_OWNER: msg`A team needs an owner: make another member owner first.`,
  TEAM_REMOVE_SELF: msg`You cannot remove yourself: use Leave team instead.`,
  INVITATION_ROLE_NOT_GRANTABLE: msg`An invitation cannot make someone owner: invite them, then transfer the ownership.`,
  TEAM_INVITATION_NOT_FOUND: msg`This invitation is no longer open.`,
  TRANSFER_TO_SELF: msg`You are the owner already: choose another member.`,
  TRANSFER_TARGET_NOT_MEMBER: msg`Ownership can only go to a member of this team.`,
  SQL_READ_ONLY_ROLE: msg`As a viewer you can only run SELECT, EXPLAIN and SHOW statements.`,
  APP_NOT_FOUND: msg`This app no longer exists.`,
  SECRET_NOT_FOUND: msg`This key no longer exists.`,
  ENVIRONMENT_NOT_FOUND: msg`This environment does not exist (any more).`,
  SECRET_VERSION_NOT_FOUND: msg`This version is not kept, or it is a deletion without a value.`,
  SECRET_ROLLBACK_TOO_OLD: msg`Values are not kept that long; pick a later time.`,
  SERVICE_TOKEN_NOT_FOUND: msg`This token was revoked already.`,
  WEBHOOK_NOT_FOUND: msg`This webhook no longer exists.`,
  DATABASE_NOT_FOUND: msg`This database no longer exists.`,
  SCHEMA_NOT_FOUND: {
    text: msg`This schema no longer exists.`,
    detailed(i18n, details) {
      const schema = named(details.schema);
      return schema ? i18n._(msg`Schema ${schema} does not exist.`) : undefined;
    },
  },
  TABLE_NOT_FOUND: {
    text: msg`This table no longer exists.`,
    detailed(i18n, details) {
      const schema = named(details.schema);
      const table = named(details.table);
      return schema && table ? i18n._(msg`Table ${schema}.${table} no longer exists.`) : undefined;
    },
  },
  COLUMN_NOT_FOUND: {
    text: msg`This column does not exist.`,
    detailed(i18n, details) {
      const column = named(details.column);
      return column ? i18n._(msg`Column ${column} does not exist.`) : undefined;
    },
  },
  FUNCTION_NOT_FOUND: msg`This function no longer exists.`,
  EXECUTION_NOT_FOUND: msg`This query has finished already.`,
  FILTER_OPERATOR_INVALID: {
    text: msg`This filter does not fit the column's type.`,
    detailed(i18n, details) {
      const column = named(details.column);
      return column ? i18n._(msg`This filter does not fit the type of column ${column}.`) : undefined;
    },
  },
  FILTER_VALUE_INVALID: {
    text: msg`The filter value does not fit the column's type.`,
    detailed(i18n, details) {
      const column = named(details.column);
      if (!column) return undefined;
      if (details.problem === "missing") return i18n._(msg`The condition on column ${column} needs a value.`);
      return i18n._(msg`A filter value is not a value of column ${column}.`);
    },
  },
  EXPORT_NEEDS_ONE_STATEMENT: msg`An export needs exactly one statement.`,
  EXPORT_NO_ROWS: msg`This statement returns no rows to export.`,
  DATABASE_NAME_TAKEN: {
    text: msg`A database with this name exists already.`,
    detailed(i18n, details) {
      const name = named(details.name);
      return name ? i18n._(msg`A database named "${name}" exists already.`) : undefined;
    },
  },
  DATABASE_BRANCH_EXTERNAL: msg`Only databases the console manages can be branched; this one is your own server's.`,
  DUMP_RUNNING: {
    text: msg`A download of this database is running already. Try again when it has finished.`,
    detailed(i18n, details) {
      return details.scope === "server"
        ? i18n._(msg`Too many downloads are running on this server. Try again in a few minutes.`)
        : i18n._(msg`A download of this database is running already. Try again when it has finished.`);
    },
  },
  DUMP_UNAVAILABLE: {
    text: msg`This server's pg_dump cannot read this database.`,
    detailed(i18n, details) {
      if (details.reason === "clientMissing")
        return i18n._(msg`pg_dump is not installed on the server; the operator installs postgresql-client.`);
      const serverVersion = named(details.serverVersion);
      const clientVersion = named(details.clientVersion);
      if (!serverVersion || !clientVersion) return undefined;
      return i18n._(
        msg`This database runs PostgreSQL ${serverVersion}; the server's pg_dump ${clientVersion} cannot read it.`,
      );
    },
  },
  DUMP_FAILED: {
    text: msg`The dump failed.`,
    detailed(i18n, details) {
      const reason = named(details.reason);
      return reason ? i18n._(msg`The dump failed: ${reason}`) : undefined;
    },
  },
  RESTORE_NOT_EMPTY: {
    text: msg`The database is not empty: a file is restored only into an empty database.`,
    detailed(i18n, details) {
      const objects = counted(details.objects);
      if (objects === undefined) return undefined;
      return i18n._(msg`The database is not empty (${objects} objects): restore into a new, empty database.`);
    },
  },
  RESTORE_NOT_SQL: {
    text: msg`The file is not a plain SQL file.`,
    detailed(i18n, details) {
      const line = counted(details.line);
      if (details.format === "custom")
        return i18n._(msg`This is a pg_dump archive in custom format; download the database as plain SQL instead.`);
      if (line === undefined) return undefined;
      if (details.format === "unterminated")
        return i18n._(msg`The file ends inside the statement that starts on line ${line}.`);
      return i18n._(msg`The file is not a plain SQL text (line ${line}).`);
    },
  },
  RESTORE_STATEMENT_REFUSED: {
    text: msg`The file holds a statement that is not allowed here.`,
    detailed(i18n, details) {
      const line = counted(details.line);
      const kind = named(details.kind);
      if (line === undefined || !kind) return undefined;
      return i18n._(msg`The statement on line ${line} (${kind}) would reach past this database and is not allowed.`);
    },
  },
  RESTORE_STATEMENT_TOO_LARGE: {
    text: msg`A statement of the file is too large.`,
    detailed(i18n, details) {
      const line = counted(details.line);
      const size = bytes(i18n, details.maxBytes);
      return line !== undefined && size
        ? i18n._(msg`The statement on line ${line} is too large: at most ${size}.`)
        : undefined;
    },
  },
  RESTORE_STATEMENT_FAILED: {
    text: msg`A statement of the file failed; nothing was restored.`,
    detailed(i18n, details) {
      const line = counted(details.line);
      const reason = named(details.reason);
      if (line === undefined || !reason) return undefined;
      return i18n._(msg`The statement on line ${line} failed: ${reason}. Nothing was restored.`);
    },
  },
  SECRET_VALUE_TOO_LARGE: msg`The value is too large: at most 64 KiB.`,
  SECRET_EXISTS: msg`This key exists already.`,
  SERVICE_TOKEN_LIMIT_REACHED: msg`An app may have at most 50 service tokens; revoke one first.`,
  WEBHOOK_LIMIT_REACHED: msg`An app may have at most 10 webhooks; delete one first.`,
  ENVIRONMENT_SLUG_TAKEN: msg`Another environment of this app has this slug already.`,
  ENVIRONMENT_LIMIT_REACHED: msg`An app may have at most 20 environments.`,
  ENVIRONMENT_LAST: msg`An app keeps at least one environment.`,
  SECRET_REFERENCE_MISSING: aboutKey(
    msg`Its value refers to a key or environment that does not exist (a literal dollar sign and brace is written with two dollar signs).`,
  ),
  SECRET_REFERENCE_CYCLE: aboutKey(msg`Its value refers back to itself through other keys, so it cannot be resolved.`),
  SECRET_REFERENCE_FORBIDDEN: aboutKey(
    msg`Its value refers to values you may not read (another app needs the developer role there).`,
  ),
  SECRET_REFERENCE_TOO_LARGE: aboutKey(msg`With its references resolved, its value would be over 64 KiB.`),
  COPY_SAME_ENVIRONMENT: msg`Choose two different environments.`,
  COPY_KEYS_NOT_IN_SOURCE: msg`The key no longer has a value in the environment to copy from.`,
  COPY_WOULD_REPLACE: msg`The target environment has another value for this key.`,
  IMPORT_EMPTY: msg`No KEY=value lines were found in the text.`,
  IMPORT_INVALID: msg`Some lines cannot be imported; fix them and preview again.`,
  IMPORT_TOO_MANY_ENTRIES: msg`One import may hold at most 1,000 keys.`,
  IMPORT_CONFLICT: msg`The secrets changed in the meantime. Check the preview again.`,
  EXPORT_NOT_REPRESENTABLE: msg`Some values cannot be written to a .env file without changing them; use the command line with --format json.`,
  IMPORT_CSV_EMPTY: msg`The CSV file holds no rows.`,
  IMPORT_CSV_MALFORMED: {
    text: msg`The CSV file cannot be read; check the line named in the preview.`,
    detailed(i18n, details) {
      const line = counted(details.line);
      if (line === undefined) return undefined;
      const fields = counted(details.fields);
      const expected = counted(details.expected);
      switch (details.reason) {
        case "QUOTE_NOT_CLOSED":
          return i18n._(msg`The file is not valid CSV: the quote opened on line ${line} is never closed.`);
        case "INVALID_QUOTE":
          return i18n._(
            msg`The file is not valid CSV: line ${line} has a quote inside a field that does not start with one.`,
          );
        case "TEXT_AFTER_QUOTE":
          return i18n._(msg`The file is not valid CSV: line ${line} has text after a closing quote.`);
        case "RECORD_WIDTH":
          if (fields !== undefined && expected !== undefined)
            return i18n._(
              msg`The file is not valid CSV: line ${line} has ${fields} fields, the header has ${expected}.`,
            );
      }
      return i18n._(msg`The file is not valid CSV at line ${line}.`);
    },
  },
  IMPORT_MAPPING_INVALID: {
    text: msg`The column mapping does not fit the table.`,
    detailed(i18n, details) {
      const column = named(details.column);
      switch (details.problem) {
        case "notTable":
          return i18n._(msg`Only tables take imports; this is a view or another kind of relation.`);
        case "duplicateName":
          return i18n._(msg`Two columns of the new table have the same name.`);
        case "nothingMapped":
          return i18n._(msg`Map at least one CSV column to a table column.`);
        case "generated":
          return column ? i18n._(msg`Column ${column} is generated and takes no values.`) : undefined;
        case "mappedTwice":
          return column ? i18n._(msg`Column ${column} is filled from two CSV columns.`) : undefined;
        default:
          return undefined;
      }
    },
  },
  IMPORT_ROW_REJECTED: {
    text: msg`The database refused a row of the file; nothing was imported.`,
    detailed(i18n, details) {
      const line = counted(details.line);
      if (line === undefined) return undefined;
      const duplicateOf = counted(details.duplicateOf);
      const existingKey = named(details.existingKey);
      const column = named(details.column);
      const reason = named(details.reason);
      if (duplicateOf !== undefined)
        return i18n._(msg`Line ${line} repeats the key of line ${duplicateOf}; nothing was imported.`);
      if (existingKey)
        return i18n._(
          msg`Line ${line} has the key of a row already in the table (${existingKey}); nothing was imported.`,
        );
      if (column && reason) return i18n._(msg`Line ${line} was refused (column ${column}): ${reason}`);
      if (reason) return i18n._(msg`Line ${line} was refused: ${reason}`);
      return undefined;
    },
  },
  IMPORT_TOO_LARGE: {
    text: msg`The file is too large to import.`,
    detailed(i18n, details) {
      const size = bytes(i18n, details.maxBytes);
      return size ? i18n._(msg`The file is too large to import: at most ${size}.`) : undefined;
    },
  },
  TABLE_EXISTS: {
    text: msg`A table with this name exists already.`,
    detailed(i18n, details) {
      const schema = named(details.schema);
      const table = named(details.table);
      return schema && table ? i18n._(msg`A table ${schema}.${table} exists already.`) : undefined;
    },
  },
  DATABASE_READ_ONLY: msg`This server runs SQL read-only: nothing can be written.`,
  TYPE_NOT_FOUND: msg`This type is not in the database's catalog.`,
  SEARCH_INDEX_UNAVAILABLE: msg`This database cannot make a trigram index here (no pg_trgm, or a view).`,
  SNIPPET_NOT_FOUND: msg`This saved query does not exist, or it is not yours.`,
  SNIPPET_NAME_TAKEN: msg`A saved query with this name exists already.`,
  SNIPPET_LIMIT_REACHED: msg`You have as many saved queries as allowed; delete some first.`,
  STRUCTURE_CHANGED: msg`The table changed since you opened it. Reload it and make your change again.`,
  SQL_TOO_LARGE: {
    text: msg`The SQL text is too large.`,
    detailed(i18n, details) {
      const size = bytes(i18n, details.maxBytes);
      return size ? i18n._(msg`The SQL text is too large: at most ${size}.`) : undefined;
    },
  },
  DATABASE_UNREACHABLE: {
    text: msg`The database could not be reached.`,
    detailed(i18n, details) {
      const reason = named(details.reason);
      return reason ? i18n._(msg`The database could not be reached: ${reason}`) : undefined;
    },
  },
  DATABASE_QUERY_FAILED: {
    text: msg`The database refused the statement.`,
    detailed(i18n, details) {
      const timeoutMs = counted(details.timeoutMs);
      if (timeoutMs !== undefined) {
        const limit = i18n.number(timeoutMs / 1000, { maximumFractionDigits: 1 });
        return i18n._(msg`The query took longer than ${limit} s and was stopped.`);
      }
      const reason = named(details.reason);
      return reason ? i18n._(msg`The database refused this: ${reason}`) : undefined;
    },
  },
  DATABASE_BUSY: msg`The database is busy with another change. Try again in a moment.`,
  OUTBOUND_ADDRESS_NOT_ALLOWED: msg`The server may not connect to this address (ask the operator to allow it).`,
  TABLE_HAS_NO_PRIMARY_KEY: msg`Rows of a table without a primary key cannot be edited here.`,
  ROW_NOT_FOUND: msg`A row changed or was deleted in the meantime; nothing was saved.`,
  AUTH_SERVICE_UNAVAILABLE: msg`The sign-in service could not be reached. Try again in a moment.`,
  INTERNAL_ERROR: msg`Something went wrong on the server. Please try again.`,
};
