import type { CreateDatabase, Database } from "@contract/databases";
import type { BranchDatabase } from "@contract/db-branch";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { databaseListKeys } from "@/features/database/databases-api";
import { apiRequest } from "@/lib/api-client";

/**
 * contract/databases.ts says the same; importing its values would bring zod (and its eval probe,
 * which the page's Content-Security-Policy reports) into the browser.
 */
export const DATABASE_NAME_MAX_LENGTH = 100;

/** POST /db: a new managed database, or an external PostgreSQL the server connects to first. */
export function useCreateDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDatabase) => apiRequest<Database>("/db", { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseListKeys.all }),
  });
}

export function useRenameDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest<Database>(`/db/${encodeURIComponent(id)}`, { method: "PATCH", json: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseListKeys.all }),
  });
}

export function useDeleteDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ id: string }>(`/db/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async (_answer, id) => {
      // What was cached for the database (schema, pages) goes with it.
      queryClient.removeQueries({ queryKey: ["db", id] });
      await queryClient.invalidateQueries({ queryKey: databaseListKeys.all });
    },
  });
}

/** POST /db/{id}/branch: a new managed database of the same owner, from this one (schema alone or with rows). */
export function useBranchDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string } & BranchDatabase) =>
      apiRequest<Database>(`/db/${encodeURIComponent(id)}/branch`, { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseListKeys.all }),
  });
}
