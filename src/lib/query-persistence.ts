import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { defaultShouldDehydrateQuery, type Mutation, type Query, type QueryClient } from "@tanstack/react-query";
import type { PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import { clearWorkbenchData } from "./workbench-storage";
import { clearSelectedWorkspaces } from "./workspace/selected-workspace";

/** How long what the app last saw stays usable offline. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const STORE_KEY = "console-query-cache";
/** Workbox names its precache `workbox-precache-v2-<scope>`. */
const PRECACHE_PREFIX = "workbox-precache";

/**
 * Query keys whose data must never reach IndexedDB: secret values are in clear there, and admin
 * answers carry other users' data; account answers are SDK objects with methods; a webhook's URL
 * may carry its receiver's credential in its path (as chat services' incoming-webhook URLs do).
 */
const NEVER_PERSISTED = new Set(["secrets", "admin", "account", "app-webhooks"]);

export function shouldPersistQuery(query: Pick<Query, "queryKey" | "state">): boolean {
  const root = query.queryKey[0];
  if (typeof root === "string" && NEVER_PERSISTED.has(root)) return false;
  return defaultShouldDehydrateQuery(query as Query);
}

/**
 * Only queued app changes are kept for a reload: a paused secret write would store its value in
 * clear, and nothing else has mutation defaults that could replay it.
 */
export function shouldPersistMutation(mutation: Pick<Mutation, "options" | "state">): boolean {
  return mutation.state.isPaused && mutation.options.mutationKey?.[0] === "apps";
}

// IndexedDB keeps structured clones, so no JSON round trip is needed: the persister's types assume
// a string store (localStorage), hence the casts; the object goes to idb-keyval and back untouched.
const persister = createAsyncStoragePersister({
  storage: typeof indexedDB === "undefined" ? undefined : { getItem: get, setItem: set, removeItem: del },
  key: STORE_KEY,
  serialize: (data) => data as unknown as string,
  deserialize: (data) => data as unknown as ReturnType<typeof JSON.parse>,
});

export const persistOptions: Omit<PersistQueryClientOptions, "queryClient"> = {
  persister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: import.meta.env.VITE_BUILD_ID ?? "dev",
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: shouldPersistMutation },
};

/** Query keys under this root hold public project facts, not the user's data. */
export const PUBLIC_QUERY_ROOT = "auth-project";

/**
 * Sign-out: forget everything this browser kept for the user — the persisted store, the Query
 * cache and the service worker's Cache Storage (it is per origin, not per user).
 */
export async function clearOfflineData(queryClient: QueryClient): Promise<void> {
  queryClient.getMutationCache().clear();
  // Which workspace each user had chosen (team ids are the user's business too).
  clearSelectedWorkspaces();
  // Everything but the project's public sign-in options, which the login page being shown uses.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PUBLIC_QUERY_ROOT });
  await Promise.allSettled([
    persister.removeClient(),
    del(STORE_KEY),
    // The SQL workbench's history, snippets and editor texts (SQL the user typed is theirs alone).
    clearWorkbenchData(),
    typeof caches === "undefined"
      ? Promise.resolve()
      : caches
          .keys()
          // The precache holds only the public build (shell, chunks, icons); keeping it keeps the
          // login page working offline. Every runtime cache goes.
          .then((names) =>
            Promise.all(names.filter((n) => !n.startsWith(PRECACHE_PREFIX)).map((n) => caches.delete(n))),
          ),
  ]);
}
