import type { QueryClient } from "@tanstack/react-query";

export const secretKeys = {
  all: ["secrets"] as const,
  /** Without an environment: every environment's list of the app (a prefix, for refreshing). */
  list: (appId: string, environment?: string) =>
    environment ? ([...secretKeys.all, appId, environment] as const) : ([...secretKeys.all, appId] as const),
};
/** Environments, their comparison and versions hold no value either. */
export const environmentKeys = {
  list: (appId: string) => ["app-environments", appId] as const,
  /** Under the list's key, so refreshing the list refreshes the comparison too. */
  compare: (appId: string) => ["app-environments", appId, "compare"] as const,
};
export const versionKeys = {
  all: (appId: string) => ["secret-versions", appId] as const,
  list: (appId: string, key: string, environment?: string) =>
    ["secret-versions", appId, key, environment ?? ""] as const,
};
/** Token lists and history hold no value; they may be kept offline like the apps. */
export const tokenKeys = { list: (appId: string) => ["app-tokens", appId] as const };
export const auditKeys = { list: (appId: string) => ["app-audit", appId] as const };
/**
 * Webhooks and their delivery logs hold URLs, keys and outcomes, never a value nor a signing secret;
 * still never stored offline (src/lib/query-persistence.ts): a URL may carry a receiver's credential.
 */
export const webhookKeys = {
  list: (appId: string) => ["app-webhooks", appId] as const,
  deliveries: (appId: string, webhookId: string) => ["app-webhooks", appId, webhookId, "deliveries"] as const,
};

/**
 * Refetches what is on screen about an app's secrets (every change also adds to its history).
 * Kept apart from the API module so the live socket, on every page, does not load it.
 */
export function refreshAppSecrets(queryClient: QueryClient, appId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: secretKeys.list(appId) }),
    queryClient.invalidateQueries({ queryKey: tokenKeys.list(appId) }),
    queryClient.invalidateQueries({ queryKey: auditKeys.list(appId) }),
    queryClient.invalidateQueries({ queryKey: environmentKeys.list(appId) }),
    queryClient.invalidateQueries({ queryKey: versionKeys.all(appId) }),
    // Each change queues a delivery: the list's last delivery and the open log move on.
    queryClient.invalidateQueries({ queryKey: webhookKeys.list(appId) }),
  ]);
}
