import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { type OpenTable, SchemaTree } from "./schema-tree";
import { TableBrowser } from "./table-browser";

/** /db/$dbId: the schema tree on the left and the opened table on the right. */
export function DatabasePage({ dbId }: { dbId: string }) {
  const { t } = useLingui();
  const [table, setTable] = useState<OpenTable | null>(null);

  return (
    <div className="flex h-full min-h-0 gap-0">
      <aside className="w-72 shrink-0 border-r border-slate-800 bg-slate-950">
        <SchemaTree dbId={dbId} onOpen={setTable} />
      </aside>
      <main className="flex min-w-0 flex-1 flex-col gap-2 p-3" aria-label={t`Database`}>
        <h2 className="border-b border-slate-800 pb-1 text-slate-100">
          <Trans>Table</Trans>
        </h2>
        {table ? (
          <TableBrowser key={`${table.schemaName}.${table.tableName}`} dbId={dbId} table={table} />
        ) : (
          <p className="text-sm text-slate-400">
            <Trans>Choose a table in the tree to browse its rows.</Trans>
          </p>
        )}
      </main>
    </div>
  );
}
