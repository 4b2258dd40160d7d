import type { ImpersonationHandover } from "@contract/impersonation";

/** Where an impersonation tab keeps its session: this tab's sessionStorage, nothing shared. */
export const IMPERSONATION_STORAGE_KEY = "console-impersonation";

/** Where an impersonation tab goes once its session is over (ended, run out, revoked elsewhere). */
export const IMPERSONATION_ENDED_PATH = "/impersonation-ended";

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
      const value: unknown = JSON.parse(raw);
      parsed = looksLikeHandover(value) ? value : null;
    } catch {
      parsed = null;
    }
  }
  cached = parsed;
  return parsed;
}

/**
 * A shape check of what this tab stored itself, after the hand-over page checked it against the
 * contract's schema (impersonationHandoverSchema). Every page load reads it before the first paint,
 * where zod (26 KB gzip) would not pay for itself: a value this tab did not write is still never
 * taken for a session.
 */
function looksLikeHandover(value: unknown): value is ImpersonationHandover {
  const v = value as Record<string, unknown> | null;
  const person = (p: unknown) => {
    const x = p as Record<string, unknown> | null;
    return typeof x?.id === "string" && (typeof x.email === "string" || x.email === null);
  };
  return (
    typeof v?.accessToken === "string" &&
    v.accessToken !== "" &&
    typeof v.refreshToken === "string" &&
    v.refreshToken !== "" &&
    typeof v.expiresAt === "string" &&
    !Number.isNaN(Date.parse(v.expiresAt)) &&
    person(v.user) &&
    person(v.operator)
  );
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
