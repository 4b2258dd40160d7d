import type { ArchiveDatabases, BackupRun, BackupsOverview, RestoreArchivedDatabase } from "@contract/backups";
import type { Database } from "@contract/databases";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { saveApiFile } from "@/lib/api-download";
import { adminKeys } from "../admin-api";

const backupsKey = [...adminKeys.all, "backups"] as const;

/** GET /admin/backups: the archives, the server's runs and its backup settings; polled while a run goes on. */
export const backupsQuery = () =>
  queryOptions({
    queryKey: backupsKey,
    queryFn: () => apiRequest<BackupsOverview>("/admin/backups"),
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.state === "running") ? 1000 : false),
  });

/** "Back up now": the server starts the backup and answers its run at once. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BackupRun>("/admin/backups", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}

export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<{ name: string }>(`/admin/backups/${encodeURIComponent(name)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** Downloads an archive (the server streams it; the browser keeps a large one on disk) under its name. */
export function downloadBackup(name: string): Promise<void> {
  return saveApiFile(`/admin/backups/${encodeURIComponent(name)}`, {}, name);
}

/** GET /admin/backups/{name}/databases: the managed databases an archive holds, with their owners. */
export const archiveDatabasesQuery = (name: string) =>
  queryOptions({
    queryKey: [...backupsKey, name, "databases"],
    queryFn: () => apiRequest<ArchiveDatabases>(`/admin/backups/${encodeURIComponent(name)}/databases`),
  });

/** Restores one database of an archive into a new managed database of its owner. */
export function useRestoreArchivedDatabase(archive: string) {
  return useMutation({
    mutationFn: (body: RestoreArchivedDatabase) =>
      apiRequest<Database>(`/admin/backups/${encodeURIComponent(archive)}/restore-database`, {
        method: "POST",
        json: body,
      }),
  });
}
