import type { TableFilter } from "@contract/table-filter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Filter } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { schemaQuery } from "./api";
import { ExportMenu } from "./export/export-menu";
import { FilterBuilder } from "./filters/filter-builder";
import { ImportDialog } from "./import/import-dialog";
import { holdsRows, importsIntoOnScreen } from "./import/import-target";
import { EditTableButton } from "./schema-editor/schema-editor-entry";
import type { OpenTable } from "./schema-tree";
import { structureQuery } from "./structure/structure-api";

export type TableView = "rows" | "structure" | "chart";

/**
 * The table view's second toolbar: rows, structure or chart; the typed filter (its builder opens
 * below); export of every row or of the grid; CSV import into this schema.
 */
export function TableTools({
  dbId,
  table,
  view,
  onView,
  filter,
  onFilter,
  sort,
  grid,
  mayWrite,
  onOpenTable,
}: {
  dbId: string;
  table: OpenTable;
  view: TableView;
  onView: (view: TableView) => void;
  filter: TableFilter;
  onFilter: (filter: TableFilter) => void;
  sort: { column: string; direction: "asc" | "desc" } | null;
  grid: { columns: string[]; rows: unknown[][] };
  /** Editing the table, exporting and importing its rows: developers and up (a viewer sees none). */
  mayWrite: boolean;
  /** Opens another table (the one an edit renamed this one to). */
  onOpenTable?: (table: OpenTable) => void;
}) {
  const { t } = useLingui();
  const [filtering, setFiltering] = useState(filter.length > 0);
  const structure = useQuery(structureQuery(dbId, table.schemaName, table.tableName));
  const schema = useQuery(schemaQuery(dbId));
  const listed = schema.data?.schemas.find((s) => s.name === table.schemaName)?.tables ?? [];
  const tables = listed.filter((x) => holdsRows(x.kind)).map((x) => x.name);
  const listedKind = listed.find((x) => x.name === table.tableName)?.kind;
  const views: Array<[TableView, string]> = [
    ["rows", t`Rows`],
    ["structure", t`Structure`],
    ["chart", t`Chart`],
  ];
  const count = filter.length;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label={t`Table views`} className="flex gap-1">
          {views.map(([name, label]) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={view === name}
              onClick={() => onView(name)}
              className={`rounded px-2 py-1 text-sm ${view === name ? "bg-slate-800 text-slate-100" : "text-slate-400 hover:text-slate-200"}`}
            >
              {label}
            </button>
          ))}
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={filtering}
          onClick={() => setFiltering((open) => !open)}
          className={count ? "border-sky-500/60" : undefined}
        >
          <Filter aria-hidden="true" />
          {count ? <Trans>Filter ({count})</Trans> : <Trans>Filter</Trans>}
        </Button>
        <div className="ml-auto flex flex-wrap gap-2">
          {mayWrite && structure.data && holdsRows(structure.data.kind) && (
            <EditTableButton dbId={dbId} table={table} onOpenTable={onOpenTable} />
          )}
          {mayWrite && (
            <>
              <ExportMenu
                dbId={dbId}
                source={{
                  kind: "table",
                  schemaName: table.schemaName,
                  tableName: table.tableName,
                  filter,
                  sortColumn: sort?.column,
                  sortDirection: sort?.direction,
                }}
                grid={grid}
                name={table.tableName}
              />
              <ImportDialog
                dbId={dbId}
                schemaName={table.schemaName}
                tables={tables}
                onScreen={importsIntoOnScreen(structure.data?.kind, listedKind) ? table.tableName : undefined}
              />
            </>
          )}
        </div>
      </div>
      {filtering && (
        <div className="rounded border border-slate-800 p-2">
          <FilterBuilder
            key={JSON.stringify(filter)}
            columns={(structure.data?.columns ?? []).map((c) => ({ name: c.name, kind: c.kind }))}
            filter={filter}
            onApply={onFilter}
          />
        </div>
      )}
    </div>
  );
}
