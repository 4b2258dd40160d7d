/** Spec constants of the live socket. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** While nobody is signed in the client looks again this often. */
export const SIGNED_OUT_RECHECK_MS = 5000;

/** Delay before reconnect attempt `attempt` (0-based): 1 s doubled per attempt, capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt), RECONNECT_MAX_MS);
}
