const runs = new Map<string, Promise<unknown>>();

/**
 * Runs a one-shot side effect once per key and page load. Verification and OAuth codes are
 * single-use, and React's development double-mount would otherwise spend them twice.
 */
export function runOnce<T>(key: string, action: () => Promise<T>): Promise<T> {
  let run = runs.get(key) as Promise<T> | undefined;
  if (!run) {
    run = action();
    runs.set(key, run);
  }
  return run;
}
