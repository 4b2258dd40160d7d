import type { ExportFormat } from "@contract/db-export";
import type { TableFilter } from "@contract/table-filter";
import { ApiError, apiRequestRaw, unwrapPair } from "@/lib/api-client";

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

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get("content-disposition") ?? "";
  const exact = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return exact ? decodeURIComponent(exact) : fallback;
}

/**
 * Asks the server for the whole table or query result in `format` and saves it. The server streams
 * it; the browser collects the download as a Blob (kept on disk past its memory budget) and saves
 * it under the server's file name.
 */
export async function exportFromServer(dbId: string, source: ExportSource, format: ExportFormat): Promise<void> {
  const base = `/db/${encodeURIComponent(dbId)}/export`;
  let response: Response;
  try {
    if (source.kind === "table") {
      const search = new URLSearchParams({ schemaName: source.schemaName, format });
      if (source.filter?.length) search.set("filter", JSON.stringify(source.filter));
      if (source.sortColumn) {
        search.set("sortColumn", source.sortColumn);
        search.set("sortDirection", source.sortDirection ?? "asc");
      }
      response = await apiRequestRaw(`${base}/table/${encodeURIComponent(source.tableName)}?${search}`);
    } else {
      response = await apiRequestRaw(`${base}/query`, { method: "POST", json: { sql: source.sql, format } });
    }
  } catch (cause) {
    throw new ApiError("network", cause instanceof Error ? cause.message : "Unknown error");
  }
  if (!response.ok) unwrapPair(await response.json().catch(() => undefined), response.status);
  const blob = await response.blob().catch((cause: unknown) => {
    // The stream broke midway (the server stops it rather than ending it short).
    throw new ApiError("network", cause instanceof Error ? cause.message : "Unknown error");
  });
  saveBlob(fileNameOf(response, `export.${format}`), blob);
}

export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
