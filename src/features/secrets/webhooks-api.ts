import type {
  AppWebhook,
  AppWebhookWithSecret,
  CreateAppWebhook,
  UpdateAppWebhook,
  WebhookDelivery,
} from "@contract/app-webhooks";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { webhookKeys } from "./query-keys";

export type { AppWebhook, AppWebhookWithSecret, WebhookDelivery };

const webhooksPath = (appId: string) => `/apps/${encodeURIComponent(appId)}/webhooks`;
const webhookPath = (appId: string, webhookId: string) => `${webhooksPath(appId)}/${encodeURIComponent(webhookId)}`;

export const webhooksQuery = (appId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(appId),
    queryFn: () => apiRequest<AppWebhook[]>(webhooksPath(appId)),
    // A change's delivery leaves within a second or two: the list's "last delivery" line follows
    // it while one waits, then rests (a receiver that keeps failing is retried over minutes).
    refetchInterval: (query) => {
      const waiting = query.state.data?.filter((w) => w.lastDelivery?.status === "pending") ?? [];
      if (waiting.length === 0) return false;
      const oldest = Math.min(...waiting.map((w) => Date.parse(w.lastDelivery?.at ?? "")));
      return Date.now() - oldest < 60_000 ? 2_000 : 30_000;
    },
  });

export const deliveriesQuery = (appId: string, webhookId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(appId, webhookId),
    queryFn: () => apiRequest<WebhookDelivery[]>(`${webhookPath(appId, webhookId)}/deliveries`),
    // While a delivery waits for its (re)try, the log follows it.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === "pending") ? 2_000 : false),
  });

function useRefreshWebhooks(appId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(appId) });
}

/** Adds a webhook; the answer carries its signing secret, shown once. */
export function useCreateWebhook(appId: string) {
  const refresh = useRefreshWebhooks(appId);
  return useMutation({
    mutationFn: (input: CreateAppWebhook) =>
      apiRequest<AppWebhookWithSecret>(webhooksPath(appId), { method: "POST", json: input }),
    // The answer holds the signing secret: forget it as soon as nobody shows it.
    gcTime: 0,
    onSuccess: refresh,
  });
}

export function useUpdateWebhook(appId: string) {
  const refresh = useRefreshWebhooks(appId);
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateAppWebhook & { id: string }) =>
      apiRequest<AppWebhook>(webhookPath(appId, id), { method: "PATCH", json: input }),
    onSuccess: refresh,
  });
}

export function useDeleteWebhook(appId: string) {
  const refresh = useRefreshWebhooks(appId);
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(webhookPath(appId, id), { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useRotateWebhookSecret(appId: string) {
  const refresh = useRefreshWebhooks(appId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AppWebhookWithSecret>(`${webhookPath(appId, id)}/rotate-secret`, { method: "POST" }),
    gcTime: 0,
    onSuccess: refresh,
  });
}

export function useSendTestWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<WebhookDelivery>(`${webhookPath(appId, id)}/test`, { method: "POST" }),
    onSuccess: (_delivery, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.list(appId) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(appId, id) }),
      ]),
  });
}
