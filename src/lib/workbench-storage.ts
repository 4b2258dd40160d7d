import { clear, createStore } from "idb-keyval";

/**
 * Where the SQL workbench (src/features/database/workbench) keeps the user's history, snippets and
 * editor texts. Here rather than in the feature because sign-out (query-persistence.ts) must clear
 * it even on a visit that never loaded the database area.
 */
let cached: ReturnType<typeof createStore> | null = null;

/** A store of its own, so sign-out can clear exactly what the workbench keeps. */
export function workbenchStore(): ReturnType<typeof createStore> {
  cached ??= createStore("app-console-workbench", "workbench");
  return cached;
}

/** Sign-out: the history, the snippets and the editor texts (`db:` keys) of every database. */
export async function clearWorkbenchData(): Promise<void> {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("db:")) localStorage.removeItem(key);
  }
  await clear(workbenchStore());
}
