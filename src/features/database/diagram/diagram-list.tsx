import { Trans, useLingui } from "@lingui/react/macro";
import type { DiagramModel, DiagramTable } from "./diagram-model";

/**
 * The diagram as a list, for the keyboard and screen readers: each table with its columns, the
 * keys it holds and the tables that point at it, and a button that opens it.
 */
export function DiagramList({ model, onOpen }: { model: DiagramModel; onOpen: (table: DiagramTable) => void }) {
  const { t } = useLingui();
  const byId = new Map(model.tables.map((table) => [table.id, table]));
  return (
    <ul aria-label={t`Tables and their relations`} className="flex-1 space-y-3 overflow-auto p-1 text-sm">
      {model.tables.map((table) => {
        const outgoing = model.edges.filter((e) => e.from === table.id);
        const incoming = model.edges.filter((e) => e.to === table.id);
        const label = (id: string) => {
          const other = byId.get(id);
          return other && other.schemaName === table.schemaName ? other.tableName : id;
        };
        return (
          <li key={table.id} className="rounded-md border border-slate-800 p-2">
            <h3 className="text-sm font-semibold">
              <button
                type="button"
                className="text-left text-sky-300 hover:underline focus-visible:outline focus-visible:outline-sky-400"
                onClick={() => onOpen(table)}
              >
                {table.schemaName}.{table.tableName}
              </button>
            </h3>
            <ul className="mt-1 ml-3 text-xs text-slate-300">
              {table.columns.map((c) => (
                <li key={c.name}>
                  {c.name} <span className="font-mono text-slate-400">{c.type}</span>
                  {c.primaryKey && (
                    <span className="ml-1 text-amber-300">
                      <Trans>primary key</Trans>
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {(outgoing.length > 0 || table.outside.length > 0 || incoming.length > 0) && (
              <ul className="mt-1 ml-3 text-xs text-slate-300">
                {outgoing.map((e) => (
                  <li key={e.id}>
                    <Trans>
                      {e.columns.join(", ")} references {label(e.to)} ({e.referencedColumns.join(", ")})
                    </Trans>
                  </li>
                ))}
                {table.outside.map((o) => (
                  <li key={o.name}>
                    <Trans>
                      {o.name} references {o.target} (not shown)
                    </Trans>
                  </li>
                ))}
                {incoming.map((e) => (
                  <li key={e.id}>
                    <Trans>
                      Referenced by {label(e.from)} ({e.columns.join(", ")})
                    </Trans>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
