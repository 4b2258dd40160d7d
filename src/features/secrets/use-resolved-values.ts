import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { auditKeys, revealResolved, type Secret } from "./api";

/** What the environment's values resolve to, as far as it has been asked for. */
export type Resolution =
  | { status: "idle" }
  | { status: "pending" }
  | { status: "done"; values: ReadonlyMap<string, string> }
  | { status: "error"; error: unknown };

/**
 * The resolved values of one environment (references filled in), fetched on first demand and shared
 * by the rows and the panel's "Show resolved values". Kept in this component's state only, never in
 * the query or mutation cache: those can be written to IndexedDB, and a resolved value may come
 * from another app. Forgotten when the environment or its typed values change (then asked again on
 * the next demand), so a resolved value never outlives what it was resolved from.
 */
export function useResolvedValues(appId: string, environment: string | undefined, typed: Secret[] | undefined) {
  const queryClient = useQueryClient();
  const [resolution, setResolution] = useState<Resolution>({ status: "idle" });
  const current = useRef<Resolution>(resolution);
  current.current = resolution;
  const inFlight = useRef<Promise<void> | null>(null);
  // Bumped on every reset, so an answer for a previous environment or list is dropped.
  const generation = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the typed list's identity is the trigger (structural sharing keeps it while nothing changed)
  useEffect(() => {
    generation.current += 1;
    inFlight.current = null;
    setResolution({ status: "idle" });
  }, [appId, environment, typed]);

  const resolve = useCallback((): Promise<void> => {
    if (current.current.status === "done") return Promise.resolve();
    if (inFlight.current) return inFlight.current;
    const asked = generation.current;
    setResolution({ status: "pending" });
    const request = revealResolved(appId, environment).then(
      (secrets) => {
        if (asked !== generation.current) return;
        setResolution({ status: "done", values: new Map(secrets.map((s) => [s.key, s.decryptedValue])) });
        // A resolved reveal is recorded in the app's history.
        void queryClient.invalidateQueries({ queryKey: auditKeys.list(appId) });
      },
      (error: unknown) => {
        if (asked === generation.current) setResolution({ status: "error", error });
      },
    );
    const tracked = request.finally(() => {
      if (inFlight.current === tracked) inFlight.current = null;
    });
    inFlight.current = tracked;
    return tracked;
  }, [appId, environment, queryClient]);

  return { resolution, resolve };
}
