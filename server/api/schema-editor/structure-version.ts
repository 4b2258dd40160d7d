import { createHash } from "node:crypto";
import type { TableStructure } from "../../contract/db-structure.ts";

/**
 * A fingerprint of what an editor shows of a table: columns, keys, indexes, constraints, triggers,
 * comment. Sizes and the rows estimate change with every write and are left out, so only a change
 * of structure (someone else's DDL) gives a new version.
 */
export function structureVersion(structure: TableStructure): string {
  const shape = {
    ...structure,
    estimatedRows: null,
    totalBytes: 0,
    tableBytes: 0,
    indexBytes: 0,
    indexes: structure.indexes.map((index) => ({ ...index, sizeBytes: 0 })),
  };
  return createHash("sha256").update(JSON.stringify(shape)).digest("base64url").slice(0, 22);
}
