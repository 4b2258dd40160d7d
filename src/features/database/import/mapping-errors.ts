import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** IMPORT_MAPPING_INVALID's `details.problem` (server/api/lib/csv-import.ts) in the reader's words. */
export function importMappingText(i18n: I18n, problem: string | null, column: string | null): string | null {
  switch (problem) {
    case "notTable":
      return i18n._(msg`Only tables take imports; this is a view or another kind of relation.`);
    case "duplicateName":
      return i18n._(msg`Two columns of the new table have the same name.`);
    case "nothingMapped":
      return i18n._(msg`Map at least one CSV column to a table column.`);
    case "generated":
      return column ? i18n._(msg`Column ${column} is generated and takes no values.`) : null;
    case "mappedTwice":
      return column ? i18n._(msg`Column ${column} is filled from two CSV columns.`) : null;
    default:
      return null;
  }
}
