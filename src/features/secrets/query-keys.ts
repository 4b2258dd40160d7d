import type { QueryClient } from "@tanstack/react-query";

export const secretKeys = {
  all: ["secrets"] as const,
  list: (appId: string) => [...secretKeys.all, appId] as const,
};
/** Token lists and history hold no value; they may be kept offline like the apps. */
export const tokenKeys = { list: (appId: string) => ["app-tokens", appId] as const };
export const auditKeys = { list: (appId: string) => ["app-audit", appId] as const };

/**
 * Refetches what is on screen about an app's secrets (every change also adds to its history).
 * Kept apart from the API module so the live socket, on every page, does not load it.
 */
export function refreshAppSecrets(queryClient: QueryClient, appId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: secretKeys.list(appId) }),
    queryClient.invalidateQueries({ queryKey: tokenKeys.list(appId) }),
    queryClient.invalidateQueries({ queryKey: auditKeys.list(appId) }),
  ]);
}
