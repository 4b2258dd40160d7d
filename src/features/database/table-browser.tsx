import type { TableFilter } from "@contract/table-filter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RowSelectionState } from "@tanstack/react-table";
import { KeyRound } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { download } from "@/lib/download";
import { errorText } from "@/lib/errors/error-text";
import { applyRowChanges, databaseKeys, fetchCell, type TablePageParams, tablePageQuery } from "./api";
import { axesFromSearch, axesToSearch } from "./chart/chart-url";
import { LazyChartView } from "./chart/lazy-chart-view";
import type { SearchUpdate } from "./database-search";
import { type DatabaseSearch, DEFAULT_PAGE_SIZE, PAGE_SIZES } from "./database-search";
import { rowsToCsv, rowsToJson } from "./export-rows";
import { InsertRowDialog } from "./insert-row-dialog";
import { countChanges, noChanges, rowKey, toRequest, withDeletes, withUpdate } from "./pending-changes";
import { PendingChangesList } from "./pending-changes-list";
import { ResultGrid } from "./result-grid";
import type { OpenTable } from "./schema-tree";
import { SearchIndexOffer } from "./search-index-offer";
import { foreignKeyColumns, referencedRowFilter } from "./structure/foreign-keys";
import { structureQuery } from "./structure/structure-api";
import { StructurePanel } from "./structure/structure-panel";
import { TableTools, type TableView } from "./table-tools";
import { useDatabaseAccess } from "./use-database-access";

/** Leaving the page at hand: a new first page, no cursor. */
const FIRST_PAGE = { page: undefined, after: undefined, before: undefined, last: undefined } as const;

/**
 * One table's rows, page by page from the server, with search and sort, all of it in the URL.
 * Next and previous seek by primary key from the page at hand (the server's cursor), so a page a
 * million rows deep costs what the first does. Tables with a primary key are editable: edits,
 * inserts and deletes collect in a reviewable list and go in one transaction.
 */
export function TableBrowser({
  dbId,
  table,
  search,
  onSearch,
  onOpenTable,
}: {
  dbId: string;
  table: OpenTable;
  search: DatabaseSearch;
  onSearch: SearchUpdate;
  /** Opens another table: filtered to some rows (a foreign key's target) on its rows, else in the same view. */
  onOpenTable?: (table: OpenTable, filter?: TableFilter) => void;
}) {
  const { t, i18n } = useLingui();
  const filter = search.filter ?? [];
  // In the URL, so that a reload, back/forward and the page's phone layout (which mounts the view anew) keep it.
  const view: TableView = search.tab ?? "rows";
  const structure = useQuery(structureQuery(dbId, table.schemaName, table.tableName));
  const foreignKeys = useMemo(() => foreignKeyColumns(structure.data), [structure.data]);
  const queryClient = useQueryClient();
  // The last page is numbered by the server (from the row count), so its number comes with its rows.
  const requestedPage = search.page ?? 1;
  const pageSize = search.size ?? DEFAULT_PAGE_SIZE;
  const sort = search.sort ? { column: search.sort, direction: search.dir ?? "asc" } : null;
  // The search form's drafts; the URL holds what was searched for (and back/forward changes it).
  const [searchColumn, setSearchColumn] = useState(search.col ?? "");
  const [searchInput, setSearchInput] = useState(search.q ?? "");
  // Stop leaves what was typed in the form, to be refined and searched again.
  const keepDrafts = useRef(false);
  useEffect(() => {
    if (keepDrafts.current) {
      keepDrafts.current = false;
      return;
    }
    setSearchColumn(search.col ?? "");
    setSearchInput(search.q ?? "");
  }, [search.col, search.q]);
  const [stopped, setStopped] = useState(false);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [changes, setChanges] = useState(noChanges);
  const [inserting, setInserting] = useState(false);
  const [applied, setApplied] = useState<number | null>(null);
  const [needsColumn, setNeedsColumn] = useState(false);
  const pageParams: TablePageParams = {
    ...table,
    page: requestedPage,
    pageSize,
    sortColumn: sort?.column,
    sortDirection: sort?.direction ?? "asc",
    searchColumn: search.col,
    searchValue: search.q,
    filter: search.filter,
    after: search.after,
    before: search.after ? undefined : search.before,
    last: search.last,
  };
  const data = useQuery(tablePageQuery(dbId, pageParams));
  const searching = search.q !== undefined && search.col !== undefined;
  // Stop: the page's request is dropped (the server then stops its statement: PostgreSQL cancels the
  // backend, PGlite ends the database's thread) and the rows come back without the search.
  const stopSearch = () => {
    keepDrafts.current = true;
    setStopped(true);
    void queryClient.cancelQueries({ queryKey: databaseKeys.table(dbId, pageParams) });
    onSearch({ ...FIRST_PAGE, col: undefined, q: undefined });
  };
  const page = search.last ? (data.data?.page ?? 1) : requestedPage;
  const columns = data.data?.columns ?? [];
  const rows = data.data?.rows ?? [];
  // Rows are named by their primary key; a viewer changes none (useMayWrite).
  const keyed = columns.some((column) => column.primaryKey);
  const access = useDatabaseAccess(dbId);
  const mayWrite = access === "write";
  const editable = keyed && mayWrite;
  const cut = useMemo(() => new Set((data.data?.cutCells ?? []).map(([r, c]) => `${r}:${c}`)), [data.data]);
  const keys = useMemo(() => rows.map((row) => rowKey(columns, row)), [rows, columns]);
  const names = useMemo(() => columns.map((column) => column.name), [columns]);
  const chartAxes = useMemo(
    () => axesFromSearch(names, { chart: search.chart, x: search.x, y: search.y }),
    [names, search.chart, search.x, search.y],
  );

  const apply = useMutation({
    mutationFn: () => applyRowChanges(dbId, { ...table, changes: toRequest(changes) }),
    onSuccess: async (result) => {
      setChanges(noChanges());
      setSelected({});
      setApplied(result.applied.length);
      await queryClient.invalidateQueries({ queryKey: ["db", dbId, "table"] });
    },
  });

  // An export holds whole values: cells the server cut are loaded in full first (by primary key;
  // a table without one has no way to name the row, so its cut cells stay cut).
  const exporting = useMutation({
    mutationFn: async (format: "csv" | "json") => {
      const whole = rows.map((row) => [...row]);
      if (keyed) {
        for (const [r, c] of data.data?.cutCells ?? []) {
          const key = keys[r]?.key;
          const name = columns[c]?.name;
          const row = whole[r];
          if (key && name !== undefined && row) row[c] = await fetchCell(dbId, table, name, key);
        }
      }
      const names = columns.map((column) => column.name);
      if (format === "csv") download(`${table.tableName}.csv`, "text/csv", rowsToCsv(names, whole));
      else download(`${table.tableName}.json`, "application/json", rowsToJson(names, whole));
    },
  });

  // Row selection is by position on the page: another page starts with none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's identity is what resets it
  useEffect(() => setSelected({}), [page, search.after, search.before, search.last]);
  const cursor = data.data?.cursor ?? null;
  const goNext = () =>
    onSearch({ page: page + 1, after: cursor ? cursor.last : undefined, before: undefined, last: undefined });
  const goPrevious = () =>
    onSearch(
      page <= 2
        ? FIRST_PAGE
        : { page: page - 1, before: cursor ? cursor.first : undefined, after: undefined, last: undefined },
    );
  const goLast = () => onSearch({ ...FIRST_PAGE, last: true });
  const selectedRows = Object.keys(selected).map(Number);

  return (
    <section aria-label={t`Table ${table.tableName}`} className="flex min-h-0 flex-1 flex-col gap-2 overflow-hidden">
      <TableTools
        dbId={dbId}
        table={table}
        view={view}
        onView={(next) => onSearch({ tab: next === "rows" ? undefined : next })}
        filter={filter}
        onFilter={(next) => onSearch({ ...FIRST_PAGE, filter: next.length ? next : undefined })}
        sort={sort}
        grid={{ columns: names, rows }}
        mayWrite={mayWrite}
        onOpenTable={onOpenTable ? (opened) => onOpenTable(opened) : undefined}
      />
      {view === "structure" && (
        <StructurePanel
          dbId={dbId}
          schemaName={table.schemaName}
          tableName={table.tableName}
          onOpenTable={onOpenTable ? (schemaName, tableName) => onOpenTable({ schemaName, tableName }) : undefined}
        />
      )}
      {view === "chart" && (
        <div className="min-h-0 flex-1 overflow-auto">
          <LazyChartView
            columns={columns}
            rows={rows}
            axes={chartAxes}
            // Settings are no stops for back/forward: they replace the entry.
            onAxes={(axes) => onSearch(axesToSearch(names, axes), { replace: true })}
          />
        </div>
      )}
      <div className={view === "rows" ? "contents" : "hidden"}>
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            // A value without a column would silently show every row: ask for the column instead.
            setNeedsColumn(searchInput !== "" && searchColumn === "");
            if (searchInput !== "" && searchColumn === "") return;
            setStopped(false);
            onSearch({ ...FIRST_PAGE, col: searchColumn || undefined, q: searchInput || undefined });
          }}
        >
          <label className="text-sm text-slate-300">
            <Trans>Search column</Trans>{" "}
            <select
              className="rounded bg-slate-800 px-2 py-1 text-slate-100"
              value={searchColumn}
              onChange={(event) => {
                setSearchColumn(event.target.value);
                setNeedsColumn(false);
              }}
            >
              <option value="">—</option>
              {columns.map((column) => (
                <option key={column.name} value={column.name}>
                  {column.name}
                </option>
              ))}
            </select>
          </label>
          {/* The input fills its box (Input sets w-full), so the box sets the width. */}
          <div className="w-56">
            <Input
              aria-label={t`Search value`}
              placeholder={t`Search value`}
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline">
            <Trans>Search</Trans>
          </Button>
          {searching && data.isFetching && (
            <Button type="button" variant="destructive" onClick={stopSearch}>
              <Trans>Stop</Trans>
            </Button>
          )}
          <label className="ml-auto text-sm text-slate-300">
            <Trans>Rows per page</Trans>{" "}
            <select
              className="rounded bg-slate-800 px-2 py-1 text-slate-100"
              value={pageSize}
              onChange={(event) => {
                const size = Number(event.target.value);
                onSearch({ ...FIRST_PAGE, size: size === DEFAULT_PAGE_SIZE ? undefined : size });
              }}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </form>
        {stopped && !searching && (
          <p role="status" className="text-sm text-slate-300">
            <Trans>Search stopped.</Trans>
          </p>
        )}
        {searching && search.col && (
          <SearchIndexOffer
            dbId={dbId}
            table={table}
            column={search.col}
            estimatedRows={structure.data?.estimatedRows ?? null}
          />
        )}
        {needsColumn && (
          <p role="alert" className="text-sm text-amber-300">
            <Trans>Choose the column to search in.</Trans>
          </p>
        )}
        {data.isError && (
          <p role="alert" className="text-sm text-red-400">
            {errorText(i18n, data.error)}
          </p>
        )}
        {access === "read" && (
          <p className="text-sm text-slate-300">
            <Trans>As a viewer you read the rows only. Editing, importing and exporting need the developer role.</Trans>
          </p>
        )}
        {data.data &&
          (editable ? (
            <div className="flex items-center gap-2 text-sm">
              <Button size="sm" variant="outline" onClick={() => setInserting(true)}>
                <Trans>Insert row</Trans>
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={selectedRows.length === 0}
                onClick={() => {
                  setChanges(
                    withDeletes(
                      changes,
                      selectedRows.flatMap((index) => keys[index] ?? []),
                    ),
                  );
                  setSelected({});
                }}
              >
                <Trans>Delete selected ({selectedRows.length})</Trans>
              </Button>
              <span className="text-xs text-slate-400">
                <Trans>Enter or double-click edits a cell; Shift+Enter opens it; Space selects the row.</Trans>
              </span>
              {applied !== null && countChanges(changes) === 0 && (
                <span role="status" className="ml-auto text-emerald-300">
                  {applied === 1 ? <Trans>1 change applied.</Trans> : <Trans>{applied} changes applied.</Trans>}
                </span>
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-400" data-testid="read-only-notice">
              <Trans>Read-only: this table has no primary key, so its rows cannot be told apart for editing.</Trans>
            </p>
          ))}
        <PendingChangesList
          changes={changes}
          onChange={(next) => {
            apply.reset();
            setChanges(next);
          }}
          onApply={() => apply.mutate()}
          applying={apply.isPending}
          error={apply.isError ? errorText(i18n, apply.error) : null}
        />
        <ResultGrid
          label={t`Rows of ${table.tableName}`}
          columns={columns}
          rows={rows}
          renderHeader={(column) => {
            const direction = sort?.column === column.name ? sort.direction : null;
            return (
              <button
                type="button"
                className="hover:text-white"
                onClick={() =>
                  onSearch({ ...FIRST_PAGE, sort: column.name, dir: direction === "asc" ? "desc" : "asc" })
                }
              >
                {column.primaryKey && (
                  <>
                    <KeyRound aria-hidden="true" className="mr-1 inline size-3 text-amber-300" />
                    <span className="sr-only">
                      <Trans>Primary key:</Trans>{" "}
                    </span>
                  </>
                )}
                {column.name}
                {direction === "asc" ? " ▲" : direction === "desc" ? " ▼" : ""}
              </button>
            );
          }}
          ariaSort={(index) => {
            const direction = sort?.column === columns[index]?.name ? sort?.direction : null;
            return direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none";
          }}
          selection={editable ? { state: selected, onChange: setSelected } : undefined}
          isCut={(row, column) => cut.has(`${row}:${column}`)}
          cellLink={(row, column) => {
            const target = foreignKeys.get(columns[column]?.name ?? "");
            const value = rows[row]?.[column];
            if (!target || !onOpenTable || value === null || value === undefined) return undefined;
            const next = referencedRowFilter(target, value);
            return {
              href: `?${new URLSearchParams({ view: "table", schema: target.schemaName, table: target.tableName, filter: JSON.stringify(next) })}`,
              label: t`Open the ${target.tableName} row this value refers to`,
              open: () => onOpenTable({ schemaName: target.schemaName, tableName: target.tableName }, next),
            };
          }}
          isRowDeleted={(row) => changes.deletes.has(keys[row]?.id ?? "")}
          pendingValue={(row, column) => {
            const values = changes.updates.get(keys[row]?.id ?? "")?.values;
            const name = columns[column]?.name ?? "";
            return values && name in values ? { value: values[name] } : undefined;
          }}
          onEdit={
            editable
              ? (row, column, value) => {
                  const key = keys[row];
                  const name = columns[column]?.name;
                  if (!key || name === undefined) return;
                  apply.reset();
                  setChanges(withUpdate(changes, key.key, key.id, name, value));
                }
              : undefined
          }
          loadFullValue={
            keyed
              ? (row, column) => fetchCell(dbId, table, columns[column]?.name ?? "", keys[row]?.key ?? {})
              : undefined
          }
        />
        <InsertRowDialog
          open={inserting}
          columns={columns}
          onOpenChange={setInserting}
          onAdd={(values) => {
            apply.reset();
            setChanges({ ...changes, inserts: [...changes.inserts, values] });
          }}
        />
        <footer className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-300">
          {/* Not while the next page loads: its cursor comes from the page on screen. */}
          <Button variant="outline" disabled={page <= 1 || data.isPlaceholderData} onClick={() => onSearch(FIRST_PAGE)}>
            <Trans>First</Trans>
          </Button>
          <Button variant="outline" disabled={page <= 1 || data.isPlaceholderData} onClick={goPrevious}>
            <Trans>Previous</Trans>
          </Button>
          <span data-testid="page-number">
            {search.last && data.data && !data.data.rowCountExact ? (
              <Trans>Last page (about {page})</Trans>
            ) : (
              <Trans>Page {page}</Trans>
            )}
          </span>
          <Button variant="outline" disabled={!data.data?.hasMore || data.isPlaceholderData} onClick={goNext}>
            <Trans>Next</Trans>
          </Button>
          <Button variant="outline" disabled={!data.data?.hasMore || data.isPlaceholderData} onClick={goLast}>
            <Trans>Last</Trans>
          </Button>
          {data.data && (
            <>
              <Button variant="outline" disabled={exporting.isPending} onClick={() => exporting.mutate("csv")}>
                <Trans>Export CSV</Trans>
              </Button>
              <Button variant="outline" disabled={exporting.isPending} onClick={() => exporting.mutate("json")}>
                <Trans>Export JSON</Trans>
              </Button>
              {exporting.isError && (
                <span role="alert" className="text-red-400">
                  <Trans>Export failed: {errorText(i18n, exporting.error)}</Trans>
                </span>
              )}
            </>
          )}
          {data.data && (
            <span className="ml-auto" data-testid="row-count">
              <RowCount count={data.data.rowCount} exact={data.data.rowCountExact} />
            </span>
          )}
        </footer>
      </div>
    </section>
  );
}

/** "1 row", "60 rows", "≈ 1,204,000 rows": exact, or the planner's estimate on large tables. */
function RowCount({ count, exact }: { count: number; exact: boolean }) {
  const { i18n } = useLingui();
  const n = i18n.number(count);
  if (!exact) return <Trans>≈ {n} rows</Trans>;
  return count === 1 ? <Trans>1 row</Trans> : <Trans>{n} rows</Trans>;
}
