import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, adminKeys } from "../admin-api";

export type KeyKind = "publishable_client_key" | "secret_server_key" | "super_secret_admin_key";
export const KEY_KINDS: KeyKind[] = ["publishable_client_key", "secret_server_key", "super_secret_admin_key"];

/** One internal API key set as GET /internal/api-keys lists it: each key by its last four. */
export interface KeySet {
  id: string;
  description: string;
  created_at_millis: number;
  expires_at_millis: number;
  manually_revoked_at_millis?: number;
  publishable_client_key?: { last_four: string };
  secret_server_key?: { last_four: string };
  super_secret_admin_key?: { last_four: string };
}

/** The answer that created a set: the only time its keys are shown whole. */
export type CreatedKeySet = Omit<KeySet, KeyKind> & Partial<Record<KeyKind, string>>;

export interface CreateKeySetInput {
  description: string;
  expires_at_millis: number;
  has_publishable_client_key: boolean;
  has_secret_server_key: boolean;
  has_super_secret_admin_key: boolean;
}

const keysKey = [...adminKeys.all, "api-keys"] as const;

export const keySetsQuery = () =>
  queryOptions({
    queryKey: keysKey,
    queryFn: async () => (await adminFetch<{ items: KeySet[] }>("/internal/api-keys")).items,
  });

export type KeySetStatus = "active" | "expired" | "revoked";

export function keySetStatus(set: KeySet, now = Date.now()): KeySetStatus {
  if (set.manually_revoked_at_millis) return "revoked";
  return set.expires_at_millis <= now ? "expired" : "active";
}

export function useCreateKeySet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateKeySetInput) =>
      adminFetch<CreatedKeySet>("/internal/api-keys", { method: "POST", json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeKeySet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminFetch<KeySet>(`/internal/api-keys/${encodeURIComponent(id)}`, { method: "PATCH", json: { revoked: true } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}
