import type { Secret, UpsertSecret } from "@contract/secrets";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export type { Secret };

export const secretKeys = {
  all: ["secrets"] as const,
  list: (appId: string) => [...secretKeys.all, appId] as const,
};

const secretsPath = (appId: string) => `/apps/${encodeURIComponent(appId)}/secrets`;

export const secretsQuery = (appId: string) =>
  queryOptions({
    queryKey: secretKeys.list(appId),
    queryFn: () => apiRequest<Secret[]>(secretsPath(appId)),
    // Values are in clear: keep them in memory only briefly once the dialog is closed.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

/** Creates or updates a variable (the API uses one call for both), then refetches the list. */
export function useSaveSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpsertSecret) => apiRequest<unknown>(secretsPath(appId), { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secretKeys.list(appId) }),
  });
}

export function useDeleteSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      apiRequest<unknown>(`${secretsPath(appId)}/${encodeURIComponent(key)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secretKeys.list(appId) }),
  });
}
