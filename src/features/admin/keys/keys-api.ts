import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, adminKeys, createdKeySetSchema, type KeySet, keySetListSchema, keySetSchema } from "../admin-api";

export { type CreatedKeySet, KEY_KINDS, type KeyKind, type KeySet } from "../admin-api";

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
    queryFn: async () => (await adminFetch("/internal/api-keys", keySetListSchema)).items,
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
      adminFetch("/internal/api-keys", createdKeySetSchema, { method: "POST", json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeKeySet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminFetch(`/internal/api-keys/${encodeURIComponent(id)}`, keySetSchema, {
        method: "PATCH",
        json: { revoked: true },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}
