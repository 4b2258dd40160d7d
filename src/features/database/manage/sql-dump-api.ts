import type { DumpContents, RestoreResult } from "@contract/db-dump";
import { apiRequest } from "@/lib/api-client";
import { saveApiFile } from "@/lib/api-download";

/**
 * Downloads the database as plain SQL under the server's file name (the database's name and the
 * time); the server streams pg_dump's output.
 */
export function downloadSql(dbId: string, contents: DumpContents): Promise<void> {
  return saveApiFile(`/db/${encodeURIComponent(dbId)}/dump?contents=${contents}`, {}, "database.sql");
}

/** Sends the whole file; the server reads it as a stream into the (empty) database, in one transaction. */
export function restoreSql(dbId: string, file: Blob): Promise<RestoreResult> {
  return apiRequest<RestoreResult>(`/db/${encodeURIComponent(dbId)}/restore`, {
    method: "POST",
    body: { data: file, contentType: "application/sql" },
  });
}
