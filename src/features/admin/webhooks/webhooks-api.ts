import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { authServiceError, authServiceRequestRaw } from "@/lib/api-client";
import { parseAnswer } from "@/lib/parse-answer";
import {
  adminFetch,
  adminKeys,
  adminSend,
  createdWebhookEndpointSchema,
  type WebhookEndpoint,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookPortalTokenSchema,
} from "../admin-api";

export type { WebhookDelivery, WebhookEndpoint } from "../admin-api";

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
    queryFn: () => adminFetch("/webhooks/svix-token", webhookPortalTokenSchema, { method: "POST", json: {} }),
    staleTime: (query) => Math.max(0, (query.state.data?.expires_at_millis ?? 0) - Date.now() - 60_000),
  });

/**
 * Reads the portal straight from the auth service with the token: the log view polls, and these
 * reads need neither the operator gate nor the admin key.
 */
async function portalFetch<S extends z.ZodType>(token: string, path: string, schema: S): Promise<z.infer<S>> {
  const response = await authServiceRequestRaw(`/webhooks/portal${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await authServiceError(response);
  return parseAnswer(schema, await response.json().catch(() => undefined), `GET /webhooks/portal${path}`);
}

export const endpointsQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: async () => (await portalFetch(token ?? "", "/endpoints", webhookEndpointListSchema)).items,
    enabled: token !== undefined,
  });

/** The newest 200 deliveries; refreshed every few seconds while the page is open. */
export const deliveriesQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(),
    queryFn: async () => (await portalFetch(token ?? "", "/deliveries", webhookDeliveryListSchema)).items,
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
    adminFetch("/internal/webhooks/endpoints", createdWebhookEndpointSchema, { method: "POST", json: input }),
  );

export function useSetEndpointEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      adminFetch(endpointPath(id), webhookEndpointSchema, { method: "PATCH", json: { enabled } }),
    // The answer is the endpoint as stored: no flicker back to the old state while the list refetches.
    onSuccess: (updated) =>
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.endpoints(), (list) =>
        list?.map((endpoint) => (endpoint.id === updated.id ? { ...endpoint, enabled: updated.enabled } : endpoint)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export const useDeleteEndpoint = () =>
  useWebhookMutation((id: string) => adminSend(endpointPath(id), { method: "DELETE" }));

export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => adminSend(`${endpointPath(id)}/test`, { method: "POST", json: {} }));
