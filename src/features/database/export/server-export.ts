import type { ExportFormat } from "@contract/db-export";
import type { TableFilter } from "@contract/table-filter";
import { saveApiFile } from "@/lib/api-download";

export type ExportSource =
  | {
      kind: "table";
      schemaName: string;
      tableName: string;
      filter?: TableFilter;
      sortColumn?: string;
      sortDirection?: "asc" | "desc";
    }
  | { kind: "query"; sql: string };

/**
 * Asks the server for the whole table or query result in `format` and saves it under the server's
 * file name.
 */
export function exportFromServer(dbId: string, source: ExportSource, format: ExportFormat): Promise<void> {
  const base = `/db/${encodeURIComponent(dbId)}/export`;
  const fallbackName = `export.${format}`;
  if (source.kind === "query") {
    return saveApiFile(`${base}/query`, { method: "POST", json: { sql: source.sql, format } }, fallbackName);
  }
  const search = new URLSearchParams({ schemaName: source.schemaName, format });
  if (source.filter?.length) search.set("filter", JSON.stringify(source.filter));
  if (source.sortColumn) {
    search.set("sortColumn", source.sortColumn);
    search.set("sortDirection", source.sortDirection ?? "asc");
  }
  return saveApiFile(`${base}/table/${encodeURIComponent(source.tableName)}?${search}`, {}, fallbackName);
}
