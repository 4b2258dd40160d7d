import { parseWorkspaceKey, type Workspace, workspaceKey } from "./workspace";

/** localStorage key of a user's chosen workspace: per user, so a shared browser keeps each one's. */
const PREFIX = "console-workspace:";
const storageKey = (userId: string) => `${PREFIX}${userId}`;

const listeners = new Set<() => void>();

export function subscribeSelectedWorkspace(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    // Storage can be refused (private mode, a policy): the choice then lasts for the page only.
    return memory.get(userId) ?? null;
  }
}

const memory = new Map<string, string>();

/** The stored key (stable across calls, for useSyncExternalStore). */
export function selectedWorkspaceKey(userId: string): string {
  return read(userId) ?? "personal";
}

export function selectedWorkspace(userId: string): Workspace {
  return parseWorkspaceKey(selectedWorkspaceKey(userId));
}

export function selectWorkspace(userId: string, workspace: Workspace): void {
  const key = workspaceKey(workspace);
  memory.set(userId, key);
  try {
    localStorage.setItem(storageKey(userId), key);
  } catch {
    // Kept in memory only (see read).
  }
  for (const listener of listeners) listener();
}

/** Sign-out: every user's choice goes with the rest of what the browser kept (query-persistence.ts). */
export function clearSelectedWorkspaces(): void {
  memory.clear();
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Nothing was stored.
  }
  for (const listener of listeners) listener();
}
