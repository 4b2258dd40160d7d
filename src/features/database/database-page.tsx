import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { type OpenTable, SchemaTree } from "./schema-tree";
import { SqlWorkbench } from "./sql-workbench";
import { TableBrowser } from "./table-browser";

/** /db/$dbId: the schema tree on the left and the opened table on the right. */
export function DatabasePage({ dbId }: { dbId: string }) {
  const { t } = useLingui();
  const [table, setTable] = useState<OpenTable | null>(null);
  const [view, setView] = useState<"table" | "sql">("table");

  return (
    // As tall as the window below the shell's top bar (h-12), so the grid scrolls and the pager stays in view.
    <div className="flex h-[calc(100dvh-3rem)] min-h-0 gap-0">
      <div className="w-72 shrink-0 border-r border-slate-800 bg-slate-950">
        <SchemaTree
          dbId={dbId}
          onOpen={(opened) => {
            setTable(opened);
            setView("table");
          }}
        />
      </div>
      <section className="flex min-h-0 min-w-0 flex-1 flex-col gap-2 p-3" aria-label={t`Database`}>
        <div role="tablist" aria-label={t`Views`} className="flex gap-1 border-b border-slate-800">
          {(["table", "sql"] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={view === name}
              onClick={() => setView(name)}
              className={`px-3 py-1 text-sm ${view === name ? "border-b-2 border-sky-400 text-slate-100" : "text-slate-400"}`}
            >
              {name === "table" ? <Trans>Table</Trans> : <Trans>SQL</Trans>}
            </button>
          ))}
        </div>
        {view === "sql" ? (
          <SqlWorkbench key={dbId} dbId={dbId} />
        ) : table ? (
          <TableBrowser key={`${table.schemaName}.${table.tableName}`} dbId={dbId} table={table} />
        ) : (
          <p className="text-sm text-slate-400">
            <Trans>Choose a table in the tree to browse its rows.</Trans>
          </p>
        )}
      </section>
    </div>
  );
}
