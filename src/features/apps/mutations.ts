import type { DeleteAppResult } from "@contract/apps";
import { t } from "@lingui/core/macro";
import { type QueryClient, useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import { i18n } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { appKeys } from "./api";
import { type App, type AppWire, type CreateApp, toApp } from "./types";

/**
 * Mutation keys with defaults on the client: a change made offline is persisted as a paused
 * mutation, and after a reload only these defaults know how to send it (functions can't be stored).
 */
export const appMutationKeys = {
  create: ["apps", "create"] as const,
  delete: ["apps", "delete"] as const,
};

/** Placeholder id of an app created offline until the server answers. */
const pendingId = (input: CreateApp) => `pending:${input.title}`;

/** Set by onMutate: the change was made offline and is replayed later, with nobody waiting. */
interface Queued {
  queued: boolean;
}

function failedOnReplay(queryClient: QueryClient, message: string, error: unknown, context: Queued | undefined): void {
  // An online change reports its error in the dialog that made it.
  if (!context?.queued) return;
  notify.error(`${message}: ${errorText(i18n, error)}`);
  // Whatever we assumed locally, the list shows the server's truth again.
  void queryClient.invalidateQueries({ queryKey: appKeys.all });
}

export function registerAppMutationDefaults(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(appMutationKeys.create, {
    mutationFn: async (input: CreateApp) => toApp(await apiRequest<AppWire>("/apps", { method: "POST", json: input })),
    onMutate: (input: CreateApp): Queued => {
      if (navigator.onLine) return { queued: false };
      // Offline: show the app in the list right away; it is sent when the network returns.
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) => {
        // Its owner places it in the workspace it was created in (a personal one's id is not needed).
        const owner = input.team_id ? { type: "team", id: input.team_id } : { type: "user", id: "" };
        const pending = {
          id: pendingId(input),
          title: input.title,
          description: input.description,
          owner,
          isBusy: true,
        };
        // A placeholder with what the list shows; the server's answer replaces it once sent.
        return [...(apps ?? []), pending as unknown as App];
      });
      return { queued: true };
    },
    onSuccess: (app: App, input: CreateApp) => {
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) => [
        ...(apps ?? []).filter((a) => a.id !== app.id && a.id !== pendingId(input)),
        app,
      ]);
    },
    onError: (error: unknown, _input: CreateApp, context: Queued | undefined) =>
      failedOnReplay(queryClient, t`Failed to create app`, error, context),
  });
  queryClient.setMutationDefaults(appMutationKeys.delete, {
    mutationFn: async (id: string) => {
      await apiRequest<DeleteAppResult>(`/apps/${encodeURIComponent(id)}`, { method: "DELETE" });
      return id;
    },
    onMutate: (id: string): Queued => {
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) =>
        apps?.map((app) => (app.id === id ? { ...app, isBusy: true } : app)),
      );
      return { queued: !navigator.onLine };
    },
    onSuccess: (id: string) => {
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) => apps?.filter((app) => app.id !== id));
    },
    onError: (error: unknown, id: string, context: Queued | undefined) => {
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) =>
        apps?.map((app) => (app.id === id ? { ...app, isBusy: false } : app)),
      );
      failedOnReplay(queryClient, t`Failed to delete app`, error, context);
    },
  });
}

export function useCreateApp() {
  return useMutation<App, Error, CreateApp, Queued>({ mutationKey: appMutationKeys.create });
}

export function useDeleteApp() {
  return useMutation<string, Error, string, Queued>({ mutationKey: appMutationKeys.delete });
}
