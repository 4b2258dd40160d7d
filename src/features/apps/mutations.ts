import type { DeleteAppResult } from "@contract/apps";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { appKeys } from "./api";
import { type App, type AppWire, type CreateApp, toApp } from "./types";

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApp) => toApp(await apiRequest<AppWire>("/apps", { method: "POST", json: input })),
    onSuccess: (app) => {
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) => (apps ? [...apps, app] : [app]));
    },
  });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest<DeleteAppResult>(`/apps/${encodeURIComponent(id)}`, { method: "DELETE" });
      return id;
    },
    onMutate: (id) => {
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) =>
        apps?.map((app) => (app.id === id ? { ...app, isBusy: true } : app)),
      );
    },
    onSuccess: (id) => {
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) => apps?.filter((app) => app.id !== id));
    },
    onError: (_error, id) => {
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) =>
        apps?.map((app) => (app.id === id ? { ...app, isBusy: false } : app)),
      );
    },
  });
}
