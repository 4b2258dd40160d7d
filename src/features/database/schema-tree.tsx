import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorText } from "@/lib/errors/error-text";
import { databaseKeys, schemaQuery } from "./api";
import { NewTableButton, TypesButton } from "./schema-editor/schema-editor-entry";
import { SchemaObjects } from "./structure/schema-objects";
import { useMayWrite } from "./use-database-access";

export interface OpenTable {
  schemaName: string;
  tableName: string;
}

/** Schemas, their tables and views with estimated rows, and columns with types and key markers. */
export function SchemaTree({ dbId, onOpen }: { dbId: string; onOpen: (table: OpenTable) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const schema = useQuery(schemaQuery(dbId));
  const [filter, setFilter] = useState("");
  const mayWrite = useMayWrite(dbId);
  const needle = filter.trim().toLowerCase();

  return (
    <section aria-label={t`Schema`} className="flex h-full flex-col gap-2 overflow-hidden p-3">
      <div className="flex gap-2">
        <Input
          aria-label={t`Filter tables`}
          placeholder={t`Filter tables`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label={t`Refresh`}
          title={t`Refresh`}
          onClick={() => queryClient.invalidateQueries({ queryKey: databaseKeys.schema(dbId) })}
        >
          <RefreshCw aria-hidden="true" />
        </Button>
        {mayWrite && <NewTableButton dbId={dbId} onOpenTable={onOpen} />}
        <TypesButton dbId={dbId} />
      </div>
      {schema.isPending && (
        <p className="text-sm text-slate-400">
          <Trans>Loading schema…</Trans>
        </p>
      )}
      {schema.isError && (
        <p role="alert" className="text-sm text-red-400">
          {errorText(i18n, schema.error)}
        </p>
      )}
      <ul className="flex-1 overflow-auto text-sm">
        {schema.data?.schemas.map((s) => (
          <li key={s.name}>
            <details open={s.name === "public" || needle !== ""}>
              <summary className="cursor-pointer py-1 font-semibold text-slate-200">{s.name}</summary>
              <ul className="ml-3">
                {s.tables
                  .filter((table) => needle === "" || table.name.toLowerCase().includes(needle))
                  .map((table) => (
                    <li key={table.name} className="py-0.5">
                      {/* The open button stays outside <summary>: a control inside a control is unreachable to some readers. */}
                      <div className="flex items-center gap-2 text-slate-300">
                        <button
                          type="button"
                          className="text-left hover:text-white focus-visible:outline focus-visible:outline-sky-400"
                          onClick={() => onOpen({ schemaName: s.name, tableName: table.name })}
                        >
                          {table.name}
                        </button>
                        {table.kind !== "table" && <span className="text-xs text-slate-400">{table.kind}</span>}
                        {table.estimatedRows !== null && (
                          <span className="ml-auto text-xs text-slate-400">≈ {table.estimatedRows}</span>
                        )}
                      </div>
                      <details className="ml-2">
                        <summary className="cursor-pointer text-xs text-slate-400">
                          <Trans>Columns ({table.columns.length})</Trans>
                        </summary>
                        <ul className="ml-4 text-xs">
                          {table.columns.map((column) => (
                            <li key={column.name} className="flex gap-2 py-0.5 text-slate-400">
                              <span className={column.primaryKey ? "text-amber-300" : undefined}>
                                {column.primaryKey && (
                                  <span title={t`Primary key`}>
                                    <KeyRound aria-hidden="true" className="mr-1 inline size-3" />
                                    <span className="sr-only">{t`Primary key`}</span>
                                  </span>
                                )}
                                {column.name}
                              </span>
                              <span className="ml-auto font-mono text-slate-400">{column.type}</span>
                            </li>
                          ))}
                        </ul>
                      </details>
                    </li>
                  ))}
              </ul>
              <SchemaObjects dbId={dbId} functions={s.functions} sequences={s.sequences} />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
