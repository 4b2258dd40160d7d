import type { TableStructure } from "@contract/db-structure";

type RelationKind = TableStructure["kind"];

/** Tables and partitioned tables hold rows of their own: what an import writes to and the table editor edits. */
export const holdsRows = (kind: RelationKind) => kind === "table" || kind === "partitioned_table";

/**
 * Whether the relation on screen is where an import goes when the dialog opens. Its own structure
 * says first; the schema's list only when the structure is still loading; and while neither knows,
 * the relation on screen is taken. The list alone is no reason to refuse it: after a reload it can
 * come from the saved cache, older than the table (made a moment ago) the page already shows.
 */
export function importsIntoOnScreen(structureKind: RelationKind | undefined, listedKind: RelationKind | undefined) {
  const kind = structureKind ?? listedKind;
  return kind === undefined || holdsRows(kind);
}
