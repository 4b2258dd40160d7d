import type { AuditPage } from "@contract/audit";
import type { ImportPreview, ImportResult, Secret, UpsertSecret } from "@contract/secrets";
import type { CreatedServiceToken, CreateServiceToken, ServiceToken } from "@contract/service-tokens";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiRequestRaw, unwrapPair, withErrorTexts } from "@/lib/api-client";
import { auditKeys, refreshAppSecrets, secretKeys, tokenKeys } from "./query-keys";

export type { AuditPage, CreatedServiceToken, ImportPreview, ImportResult, Secret, ServiceToken };

export { auditKeys, refreshAppSecrets, secretKeys, tokenKeys };

const appPath = (appId: string) => `/apps/${encodeURIComponent(appId)}`;
const secretsPath = (appId: string) => `${appPath(appId)}/secrets`;

export const secretsQuery = (appId: string) =>
  queryOptions({
    queryKey: secretKeys.list(appId),
    queryFn: () => apiRequest<Secret[]>(secretsPath(appId)),
    // Values are in clear: keep them in memory only briefly once nobody shows them.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

export const tokensQuery = (appId: string) =>
  queryOptions({
    queryKey: tokenKeys.list(appId),
    queryFn: () => apiRequest<ServiceToken[]>(`${appPath(appId)}/tokens`),
  });

const AUDIT_PAGE = 20;
export const auditQuery = (appId: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(appId),
    queryFn: ({ pageParam }) =>
      apiRequest<AuditPage>(
        `${appPath(appId)}/audit?limit=${AUDIT_PAGE}${pageParam === null ? "" : `&before=${pageParam}`}`,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });

/**
 * Creates or updates a variable. `overwrite: false` (Add New) makes the server refuse an existing
 * key with SECRET_EXISTS instead of replacing it; edits send `overwrite: true`.
 */
export function useSaveSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpsertSecret) => apiRequest<unknown>(secretsPath(appId), { method: "POST", json: input }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

export function useDeleteSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      apiRequest<unknown>(`${secretsPath(appId)}/${encodeURIComponent(key)}`, { method: "DELETE" }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

/** Show all: the values come from the reveal route, which records the bulk reveal in the history. */
export function useRevealAll(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Secret[]>(`${secretsPath(appId)}/reveal`, { method: "POST" }),
    gcTime: 0,
    onSuccess: (secrets) => {
      queryClient.setQueryData(secretKeys.list(appId), secrets);
      void queryClient.invalidateQueries({ queryKey: auditKeys.list(appId) });
    },
  });
}

export function previewImport(appId: string, content: string): Promise<ImportPreview> {
  return apiRequest<ImportPreview>(`${secretsPath(appId)}/import/preview`, { method: "POST", json: { content } });
}

export function useImportSecrets(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; replace: string[] }) =>
      apiRequest<ImportResult>(`${secretsPath(appId)}/import`, { method: "POST", json: input }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

/** Downloads the secrets as a .env file (the server writes it, and records the export). */
export async function downloadDotenv(appId: string): Promise<void> {
  const response = await apiRequestRaw(`${secretsPath(appId)}/export?format=dotenv`);
  if (!response.ok)
    await withErrorTexts(async () => unwrapPair(await response.json().catch(() => undefined), response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = ".env";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useCreateToken(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateServiceToken) =>
      apiRequest<CreatedServiceToken>(`${appPath(appId)}/tokens`, { method: "POST", json: input }),
    // The answer holds the token itself: forget it as soon as nobody shows it.
    gcTime: 0,
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

export function useRevokeToken(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiRequest<unknown>(`${appPath(appId)}/tokens/${encodeURIComponent(tokenId)}`, { method: "DELETE" }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}
