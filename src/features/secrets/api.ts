import type { AuditPage } from "@contract/audit";
import type { CopyEnvironmentRequest, CopyEnvironmentResult } from "@contract/environment-copy";
import type { CreateEnvironment, Environment, EnvironmentComparison, UpdateEnvironment } from "@contract/environments";
import type { RollbackResult, SecretVersion, SecretVersionValue } from "@contract/secret-versions";
import type { ImportPreview, ImportResult, Secret, UpsertSecret } from "@contract/secrets";
import type { CreatedServiceToken, CreateServiceToken, ServiceToken } from "@contract/service-tokens";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { saveApiFile } from "@/lib/api-download";
import { auditKeys, environmentKeys, refreshAppSecrets, secretKeys, tokenKeys, versionKeys } from "./query-keys";

export type {
  AuditPage,
  CopyEnvironmentResult,
  CreatedServiceToken,
  Environment,
  EnvironmentComparison,
  ImportPreview,
  ImportResult,
  RollbackResult,
  Secret,
  SecretVersion,
  ServiceToken,
};

export { auditKeys, environmentKeys, refreshAppSecrets, secretKeys, tokenKeys, versionKeys };

const appPath = (appId: string) => `/apps/${encodeURIComponent(appId)}`;
const secretsPath = (appId: string) => `${appPath(appId)}/secrets`;
/** `?environment=<slug>` for the secrets routes; none means the server's default (development). */
const envQuery = (environment: string | undefined, joiner: "?" | "&" = "?") =>
  environment ? `${joiner}environment=${encodeURIComponent(environment)}` : "";

export const secretsQuery = (appId: string, environment?: string) =>
  queryOptions({
    queryKey: secretKeys.list(appId, environment),
    queryFn: () => apiRequest<Secret[]>(`${secretsPath(appId)}${envQuery(environment)}`),
    // Values are in clear: keep them in memory only briefly once nobody shows them.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

/** The app's environments in their order, with how many keys each has (no values). */
export const environmentsQuery = (appId: string) =>
  queryOptions({
    queryKey: environmentKeys.list(appId),
    queryFn: () => apiRequest<Environment[]>(`${appPath(appId)}/environments`),
  });

/** Keys × environments: where each key has a value and which values are equal; never a value. */
export const compareQuery = (appId: string) =>
  queryOptions({
    queryKey: environmentKeys.compare(appId),
    queryFn: () => apiRequest<EnvironmentComparison>(`${appPath(appId)}/environments/compare`),
    // Which values are equal says something about them: kept only while shown.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

const environmentPath = (appId: string, slug: string) => `${appPath(appId)}/environments/${encodeURIComponent(slug)}`;

/** Adds an environment (last unless a position is given); the switch and the lists refresh. */
export function useCreateEnvironment(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEnvironment) =>
      apiRequest<Environment>(`${appPath(appId)}/environments`, { method: "POST", json: input }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

/** Renames (name, slug) or moves (position) an environment. */
export function useUpdateEnvironment(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, change }: { slug: string; change: UpdateEnvironment }) =>
      apiRequest<Environment>(environmentPath(appId, slug), { method: "PATCH", json: change }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

/** Deletes an environment with its values (its tokens are revoked); the server keeps the last one. */
export function useDeleteEnvironment(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) =>
      apiRequest<{ slug: string; deleted: true }>(environmentPath(appId, slug), { method: "DELETE" }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

/** Puts an environment back as it was at `at` (ISO); new versions, so the list and history refresh. */
export function useRollbackEnvironment(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, at }: { slug: string; at: string }) =>
      apiRequest<RollbackResult>(`${environmentPath(appId, slug)}/rollback`, { method: "POST", json: { at } }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

/**
 * Copies values from `from` into the environment `to` on the server (no value reaches the page);
 * a differing value is replaced only with `replace: true` (else COPY_WOULD_REPLACE, to ask first).
 */
export function useCopyBetweenEnvironments(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ to, ...body }: CopyEnvironmentRequest & { to: string }) =>
      apiRequest<CopyEnvironmentResult>(`${environmentPath(appId, to)}/copy`, { method: "POST", json: body }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

const versionsPath = (appId: string, key: string) => `${secretsPath(appId)}/${encodeURIComponent(key)}/versions`;

/** A key's kept versions in one environment, newest first as the server sends them; never a value. */
export const versionsQuery = (appId: string, key: string, environment?: string) =>
  queryOptions({
    queryKey: versionKeys.list(appId, key, environment),
    queryFn: () => apiRequest<SecretVersion[]>(`${versionsPath(appId, key)}${envQuery(environment)}`),
    staleTime: 0,
  });

/** An old value in clear (the server records the reveal); kept by the caller only while shown. */
export function revealVersion(appId: string, key: string, version: number, environment?: string) {
  return apiRequest<SecretVersionValue>(`${versionsPath(appId, key)}/${version}/reveal${envQuery(environment)}`, {
    method: "POST",
  });
}

/** Writes an old value as a new version; the list, the key's versions and the history refresh. */
export function useRestoreVersion(appId: string, key: string, environment?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      apiRequest<{ key: string; version: number; restoredFrom: number }>(
        `${versionsPath(appId, key)}/${version}/restore${envQuery(environment)}`,
        { method: "POST" },
      ),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

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
export function useSaveSecret(appId: string, environment?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpsertSecret) =>
      apiRequest<unknown>(`${secretsPath(appId)}${envQuery(environment)}`, { method: "POST", json: input }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

export function useDeleteSecret(appId: string, environment?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      apiRequest<unknown>(`${secretsPath(appId)}/${encodeURIComponent(key)}${envQuery(environment)}`, {
        method: "DELETE",
      }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

/** Show all: the values come from the reveal route, which records the bulk reveal in the history. */
export function useRevealAll(appId: string, environment?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Secret[]>(`${secretsPath(appId)}/reveal${envQuery(environment)}`, { method: "POST" }),
    gcTime: 0,
    onSuccess: (secrets) => {
      queryClient.setQueryData(secretKeys.list(appId, environment), secrets);
      void queryClient.invalidateQueries({ queryKey: auditKeys.list(appId) });
    },
  });
}

/**
 * The environment's values with their references resolved, as a program gets them (the reveal
 * route with `resolve=true`, recorded in the history as a resolved reveal). The caller keeps the
 * answer in memory only: never in the query cache, which may be persisted.
 */
export function revealResolved(appId: string, environment?: string): Promise<Secret[]> {
  return apiRequest<Secret[]>(`${secretsPath(appId)}/reveal?resolve=true${envQuery(environment, "&")}`, {
    method: "POST",
  });
}

export function previewImport(appId: string, content: string, environment?: string): Promise<ImportPreview> {
  return apiRequest<ImportPreview>(`${secretsPath(appId)}/import/preview${envQuery(environment)}`, {
    method: "POST",
    json: { content },
  });
}

export function useImportSecrets(appId: string, environment?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; replace: string[]; skipInvalid?: boolean }) =>
      apiRequest<ImportResult>(`${secretsPath(appId)}/import${envQuery(environment)}`, { method: "POST", json: input }),
    onSuccess: () => refreshAppSecrets(queryClient, appId),
  });
}

/**
 * The download's file name: `<app>.env`. Chromium drops a leading dot from every name a download is
 * given (a plain `.env` arrives as `env.txt`, or `env` without a text type), so the app's name goes
 * before the extension; dotenv tools read the file by its path (`node --env-file=my-app.env`).
 */
export function dotenvFileName(appTitle: string): string {
  const slug = appTitle
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "app"}.env`;
}

/** Downloads the secrets as a .env file (the server writes it, and records the export). */
export function downloadDotenv(appId: string, appTitle: string, environment?: string): Promise<void> {
  const path = `${secretsPath(appId)}/export?format=dotenv${envQuery(environment, "&")}`;
  // Untyped bytes: a text type would make the browser append .txt to the name.
  return saveApiFile(path, {}, dotenvFileName(appTitle), "application/octet-stream");
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
