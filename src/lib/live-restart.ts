/**
 * The live socket's restart, reachable without the live feature: sign-in, sign-out and account
 * deletion happen in features of their own, and the socket (src/features/live) registers itself here
 * when it starts, so they need not import it.
 */
let restartSocket: (() => void) | undefined;

/** Called by the live feature while its socket runs; undefined when it stops. */
export function setLiveRestart(restart: (() => void) | undefined): void {
  restartSocket = restart;
}

/** Called after sign-in and sign-out, so the socket follows the session at once. */
export function restartLiveUpdates(): void {
  restartSocket?.();
}
