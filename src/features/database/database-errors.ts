import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ApiError } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";

/**
 * The database page's words for an error: codes whose details say more (a refused import row's
 * line and column, a filter's column) read with them; every other code through the app's one map.
 */
export function databaseErrorText(i18n: I18n, error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(i18n, error);
  const details = error.details ?? {};
  const line = typeof details.line === "number" ? details.line : null;
  const column = typeof details.column === "string" ? details.column : null;
  // PostgreSQL's own words on why a row was refused; the server's English is all there is for those.
  const reason = typeof details.reason === "string" ? details.reason : error.message;
  switch (error.code) {
    case "IMPORT_ROW_REJECTED":
      if (line !== null && column) return i18n._(msg`Line ${line} was refused (column ${column}): ${reason}`);
      if (line !== null) return i18n._(msg`Line ${line} was refused: ${reason}`);
      break;
    case "IMPORT_CSV_MALFORMED":
      if (line !== null) return i18n._(msg`The file is not valid CSV at line ${line}.`);
      break;
    case "FILTER_VALUE_INVALID":
      if (column) return i18n._(msg`A filter value is not a value of column ${column}.`);
      break;
    case "COLUMN_NOT_FOUND":
      if (column) return i18n._(msg`Column ${column} does not exist.`);
      break;
  }
  return errorText(i18n, error);
}
