import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { authServiceError, authServiceRequestRaw } from "@/lib/api-client";
import { adminFetch, adminKeys } from "../admin-api";

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  enabled: boolean;
  created_at_millis: number;
  secret_last_four: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at_millis: number;
  delivered_at_millis: number | null;
  next_attempt_at_millis: number | null;
}

const webhookKeys = {
  all: [...adminKeys.all, "webhooks"] as const,
  token: () => [...webhookKeys.all, "portal-token"] as const,
  endpoints: () => [...webhookKeys.all, "endpoints"] as const,
  deliveries: () => [...webhookKeys.all, "deliveries"] as const,
};

/** A webhook-portal token (POST /webhooks/svix-token), renewed a minute before it runs out. */
export const portalTokenQuery = () =>
  queryOptions({
    queryKey: webhookKeys.token(),
    queryFn: () =>
      adminFetch<{ token: string; expires_at_millis: number }>("/webhooks/svix-token", { method: "POST", json: {} }),
    staleTime: (query) => Math.max(0, (query.state.data?.expires_at_millis ?? 0) - Date.now() - 60_000),
  });

/**
 * Reads the portal straight from the auth service with the token: the log view polls, and these
 * reads need neither the operator gate nor the admin key.
 */
async function portalFetch<T>(token: string, path: string): Promise<T> {
  const response = await authServiceRequestRaw(`/webhooks/portal${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await authServiceError(response);
  return (await response.json()) as T;
}

export const endpointsQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: async () => (await portalFetch<{ items: WebhookEndpoint[] }>(token ?? "", "/endpoints")).items,
    enabled: token !== undefined,
  });

/** The newest 200 deliveries; refreshed every few seconds while the page is open. */
export const deliveriesQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(),
    queryFn: async () => (await portalFetch<{ items: WebhookDelivery[] }>(token ?? "", "/deliveries")).items,
    enabled: token !== undefined,
    refetchInterval: 3_000,
  });

function useWebhookMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() }),
      ]),
  });
}

const endpointPath = (id: string) => `/internal/webhooks/endpoints/${encodeURIComponent(id)}`;

export const useCreateEndpoint = () =>
  useWebhookMutation((input: { url: string; description: string }) =>
    adminFetch<WebhookEndpoint & { secret: string }>("/internal/webhooks/endpoints", { method: "POST", json: input }),
  );

export function useSetEndpointEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      adminFetch<WebhookEndpoint>(endpointPath(id), { method: "PATCH", json: { enabled } }),
    // The answer is the endpoint as stored: no flicker back to the old state while the list refetches.
    onSuccess: (updated) =>
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.endpoints(), (list) =>
        list?.map((endpoint) => (endpoint.id === updated.id ? { ...endpoint, enabled: updated.enabled } : endpoint)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export const useDeleteEndpoint = () =>
  useWebhookMutation((id: string) => adminFetch<unknown>(endpointPath(id), { method: "DELETE" }));

export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => adminFetch<unknown>(`${endpointPath(id)}/test`, { method: "POST", json: {} }));
