import { Trans } from "@lingui/react/macro";

/** Shown while a lazily loaded page arrives. */
export function Loading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center text-slate-300">
      <Trans>Loading...</Trans>
    </div>
  );
}
