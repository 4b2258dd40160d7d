import type { DumpContents, RestoreResult } from "@contract/db-dump";
import { ApiError, apiRequest, apiRequestRaw, unwrapPair } from "@/lib/api-client";
import { saveBlob } from "../export/server-export";

function fileNameOf(response: Response, fallback: string): string {
  const exact = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return exact ? decodeURIComponent(exact) : fallback;
}

/**
 * Downloads the database as plain SQL under the server's file name (the database's name and the
 * time). The server streams pg_dump's output; the browser keeps the download as a Blob (on disk past
 * its memory budget) until it is saved.
 */
export async function downloadSql(dbId: string, contents: DumpContents): Promise<void> {
  let response: Response;
  try {
    response = await apiRequestRaw(`/db/${encodeURIComponent(dbId)}/dump?contents=${contents}`);
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError("network", cause instanceof Error ? cause.message : "Unknown error");
  }
  if (!response.ok) unwrapPair(await response.json().catch(() => undefined), response.status);
  const blob = await response.blob().catch((cause: unknown) => {
    // The dump broke midway (the server breaks the stream rather than ending it short).
    throw new ApiError("network", cause instanceof Error ? cause.message : "Unknown error");
  });
  saveBlob(fileNameOf(response, "database.sql"), blob);
}

/** Sends the whole file; the server reads it as a stream into the (empty) database, in one transaction. */
export function restoreSql(dbId: string, file: Blob): Promise<RestoreResult> {
  return apiRequest<RestoreResult>(`/db/${encodeURIComponent(dbId)}/restore`, {
    method: "POST",
    body: { data: file, contentType: "application/sql" },
  });
}
