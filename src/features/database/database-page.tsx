import { Trans } from "@lingui/react/macro";

/** Placeholder until the database feature (its own issue) replaces this file. */
export function DatabasePage({ dbId }: { dbId: string }) {
  return (
    <div className="p-8">
      <h1 className="text-2xl font-semibold text-white">
        <Trans>Database</Trans>
      </h1>
      <p className="font-mono text-sm text-slate-400">{dbId}</p>
    </div>
  );
}
