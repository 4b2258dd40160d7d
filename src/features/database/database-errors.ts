import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ApiError } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import { importMappingText } from "./import/mapping-errors";
import { formatBytes } from "./structure/format-bytes";

/**
 * The database page's words for an error: codes whose details carry parameters (a name, a line, a
 * column, a limit) read with them; every other code through the app's one map (errorText). The
 * server's English `message` is never shown. Where the cause is PostgreSQL's or the driver's own
 * text (`details.reason`: a refused row, an unreachable host), it follows our translated sentence,
 * as SQL users expect to read it.
 */
export function databaseErrorText(i18n: I18n, error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(i18n, error);
  const text = (key: string) => {
    const value = error.details?.[key];
    return typeof value === "string" && value !== "" ? value : null;
  };
  const count = (key: string) => {
    const value = error.details?.[key];
    return typeof value === "number" ? value : null;
  };
  const line = count("line");
  const column = text("column");
  const reason = text("reason");
  const table = text("table");
  const schema = text("schema");
  const name = text("name");
  const maxBytes = count("maxBytes");
  const size = maxBytes === null ? null : formatBytes(maxBytes, i18n.locale);
  switch (error.code) {
    case "IMPORT_ROW_REJECTED": {
      const duplicateOf = count("duplicateOf");
      const existingKey = text("existingKey");
      if (line !== null && duplicateOf !== null)
        return i18n._(msg`Line ${line} repeats the key of line ${duplicateOf}; nothing was imported.`);
      if (line !== null && existingKey)
        return i18n._(
          msg`Line ${line} has the key of a row already in the table (${existingKey}); nothing was imported.`,
        );
      if (line !== null && column && reason) return i18n._(msg`Line ${line} was refused (column ${column}): ${reason}`);
      if (line !== null && reason) return i18n._(msg`Line ${line} was refused: ${reason}`);
      break;
    }
    case "IMPORT_CSV_MALFORMED": {
      if (line === null) break;
      const fields = count("fields");
      const expected = count("expected");
      if (reason === "QUOTE_NOT_CLOSED")
        return i18n._(msg`The file is not valid CSV: the quote opened on line ${line} is never closed.`);
      if (reason === "INVALID_QUOTE")
        return i18n._(
          msg`The file is not valid CSV: line ${line} has a quote inside a field that does not start with one.`,
        );
      if (reason === "TEXT_AFTER_QUOTE")
        return i18n._(msg`The file is not valid CSV: line ${line} has text after a closing quote.`);
      if (reason === "RECORD_WIDTH" && fields !== null && expected !== null)
        return i18n._(msg`The file is not valid CSV: line ${line} has ${fields} fields, the header has ${expected}.`);
      return i18n._(msg`The file is not valid CSV at line ${line}.`);
    }
    case "IMPORT_MAPPING_INVALID":
      return importMappingText(i18n, text("problem"), column) ?? errorText(i18n, error);
    case "FILTER_VALUE_INVALID":
      if (column && text("problem") === "missing") return i18n._(msg`The condition on column ${column} needs a value.`);
      if (column) return i18n._(msg`A filter value is not a value of column ${column}.`);
      break;
    case "FILTER_OPERATOR_INVALID":
      if (column) return i18n._(msg`This filter does not fit the type of column ${column}.`);
      break;
    case "COLUMN_NOT_FOUND":
      if (column) return i18n._(msg`Column ${column} does not exist.`);
      break;
    case "TABLE_NOT_FOUND":
      if (schema && table) return i18n._(msg`Table ${schema}.${table} no longer exists.`);
      break;
    case "SCHEMA_NOT_FOUND":
      if (schema) return i18n._(msg`Schema ${schema} does not exist.`);
      break;
    case "TABLE_EXISTS":
      if (schema && table) return i18n._(msg`A table ${schema}.${table} exists already.`);
      break;
    case "DATABASE_NAME_TAKEN":
      if (name) return i18n._(msg`A database named "${name}" exists already.`);
      break;
    case "IMPORT_TOO_LARGE":
      if (size) return i18n._(msg`The file is too large to import: at most ${size}.`);
      break;
    case "RESTORE_STATEMENT_FAILED":
      if (line !== null && reason)
        return i18n._(msg`The statement on line ${line} failed: ${reason}. Nothing was restored.`);
      break;
    case "RESTORE_STATEMENT_REFUSED": {
      const kind = text("kind");
      if (line !== null && kind)
        return i18n._(msg`The statement on line ${line} (${kind}) would reach past this database and is not allowed.`);
      break;
    }
    case "RESTORE_STATEMENT_TOO_LARGE":
      if (line !== null && size) return i18n._(msg`The statement on line ${line} is too large: at most ${size}.`);
      break;
    case "RESTORE_NOT_SQL": {
      const format = text("format");
      if (format === "custom")
        return i18n._(msg`This is a pg_dump archive in custom format; download the database as plain SQL instead.`);
      if (format === "unterminated" && line !== null)
        return i18n._(msg`The file ends inside the statement that starts on line ${line}.`);
      if (line !== null) return i18n._(msg`The file is not a plain SQL text (line ${line}).`);
      break;
    }
    case "RESTORE_NOT_EMPTY": {
      const objects = count("objects");
      if (objects !== null)
        return i18n._(msg`The database is not empty (${objects} objects): restore into a new, empty database.`);
      break;
    }
    case "DUMP_UNAVAILABLE": {
      const serverVersion = text("serverVersion");
      const clientVersion = text("clientVersion");
      if (text("reason") === "clientMissing")
        return i18n._(msg`pg_dump is not installed on the server; the operator installs postgresql-client.`);
      if (serverVersion && clientVersion)
        return i18n._(
          msg`This database runs PostgreSQL ${serverVersion}; the server's pg_dump ${clientVersion} cannot read it.`,
        );
      break;
    }
    case "DUMP_FAILED":
      if (reason) return i18n._(msg`The dump failed: ${reason}`);
      break;
    case "SQL_TOO_LARGE":
      if (size) return i18n._(msg`The SQL text is too large: at most ${size}.`);
      break;
    case "DATABASE_UNREACHABLE":
      if (reason) return i18n._(msg`The database could not be reached: ${reason}`);
      break;
    case "DATABASE_QUERY_FAILED": {
      const timeoutMs = count("timeoutMs");
      if (timeoutMs !== null) {
        const limit = i18n.number(timeoutMs / 1000, { maximumFractionDigits: 1 });
        return i18n._(msg`The query took longer than ${limit} s and was stopped.`);
      }
      if (reason) return i18n._(msg`The database refused this: ${reason}`);
      break;
    }
  }
  return errorText(i18n, error);
}
