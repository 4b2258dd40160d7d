import { type ImpersonationHandover, impersonationHandoverSchema } from "@contract/impersonation";

/** Where an impersonation tab keeps its session: this tab's sessionStorage, nothing shared. */
export const IMPERSONATION_STORAGE_KEY = "console-impersonation";

let cached: ImpersonationHandover | null | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The impersonation this tab was opened for (the admin area's "Open as this user"), or null in an
 * ordinary tab. Read once per page load: the Stack client, the API's auth headers and the banner all
 * decide from it, and it changes only by a reload (the hand-over and the end both navigate).
 */
export function currentImpersonation(): ImpersonationHandover | null {
  if (cached !== undefined) return cached;
  const raw = storage()?.getItem(IMPERSONATION_STORAGE_KEY) ?? null;
  let parsed: ImpersonationHandover | null = null;
  if (raw) {
    try {
      const result = impersonationHandoverSchema.safeParse(JSON.parse(raw));
      parsed = result.success ? result.data : null;
    } catch {
      parsed = null;
    }
  }
  cached = parsed;
  return parsed;
}

export function isImpersonationTab(): boolean {
  return currentImpersonation() !== null;
}

/** Keeps the handed-over session in this tab only (never a cookie, never a URL). */
export function storeImpersonation(handover: ImpersonationHandover): void {
  storage()?.setItem(IMPERSONATION_STORAGE_KEY, JSON.stringify(handover));
  cached = handover;
}

/** Forgets the session: the tab is an ordinary one after its next load. */
export function clearImpersonation(): void {
  storage()?.removeItem(IMPERSONATION_STORAGE_KEY);
  cached = null;
}

/** For tests: read sessionStorage again. */
export function resetImpersonationCache(): void {
  cached = undefined;
}
