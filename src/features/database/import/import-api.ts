import type { ImportPreview, ImportResult } from "@contract/db-import";
import type { ImportColumnType } from "@contract/db-import-values";
import { IMPORT_SAMPLE_MAX_CHARS } from "@contract/db-import-values";
import { apiRequest } from "@/lib/api-client";

export type Delimiter = ImportPreview["delimiter"];

/** The server's reading of the file's start: header, first rows, a type per column. */
export async function previewCsv(
  dbId: string,
  file: File,
  options: { delimiter?: Delimiter; header: boolean },
): Promise<ImportPreview> {
  const truncated = file.size > IMPORT_SAMPLE_MAX_CHARS;
  // Characters may take up to 4 bytes: a slice of this many bytes is never too long a sample.
  const sample = await file.slice(0, IMPORT_SAMPLE_MAX_CHARS).text();
  return apiRequest<ImportPreview>(`/db/${encodeURIComponent(dbId)}/import/preview`, {
    method: "POST",
    json: { sample, truncated, header: options.header, ...(options.delimiter ? { delimiter: options.delimiter } : {}) },
  });
}

export type ImportTarget =
  | { kind: "existing"; tableName: string; mapping: Array<string | null> }
  | { kind: "new"; tableName: string; columns: Array<{ name: string; type: ImportColumnType }> };

/** Sends the whole file; the server reads it as a stream into the table, in one transaction. */
export function importCsv(
  dbId: string,
  file: File,
  schemaName: string,
  options: { delimiter: Delimiter; header: boolean },
  target: ImportTarget,
): Promise<ImportResult> {
  const search = new URLSearchParams({ schemaName, delimiter: options.delimiter, header: String(options.header) });
  let path: string;
  if (target.kind === "existing") {
    search.set("mapping", JSON.stringify(target.mapping));
    path = `table/${encodeURIComponent(target.tableName)}`;
  } else {
    search.set("tableName", target.tableName);
    search.set("columns", JSON.stringify(target.columns));
    path = "new-table";
  }
  return apiRequest<ImportResult>(`/db/${encodeURIComponent(dbId)}/import/${path}?${search}`, {
    method: "POST",
    body: { data: file, contentType: "text/csv" },
  });
}

/** The table column a CSV column goes into by default: the one of the same name, ignoring case. */
export function defaultMapping(csvColumns: string[], tableColumns: string[]): Array<string | null> {
  const used = new Set<string>();
  return csvColumns.map((name) => {
    const match = tableColumns.find((c) => c.toLowerCase() === name.trim().toLowerCase() && !used.has(c));
    if (!match) return null;
    used.add(match);
    return match;
  });
}
