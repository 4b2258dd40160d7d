import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { tablePageQuery } from "./api";
import { download, rowsToCsv, rowsToJson } from "./export-rows";
import { formatCell } from "./format-cell";
import type { OpenTable } from "./schema-tree";

const PAGE_SIZES = [25, 50, 100, 500, 1000];

/** One table's rows, page by page from the server, with search and sort. */
export function TableBrowser({ dbId, table }: { dbId: string; table: OpenTable }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [sort, setSort] = useState<{ column: string; direction: "asc" | "desc" } | null>(null);
  const [searchColumn, setSearchColumn] = useState("");
  const [searchInput, setSearchInput] = useState("");
  const [searchValue, setSearchValue] = useState("");
  const data = useQuery(
    tablePageQuery(dbId, {
      ...table,
      page,
      pageSize,
      sortColumn: sort?.column,
      sortDirection: sort?.direction ?? "asc",
      searchColumn: searchColumn || undefined,
      searchValue: searchValue || undefined,
    }),
  );
  const columns = data.data?.columns ?? [];

  return (
    <section aria-label={t`Table ${table.tableName}`} className="flex h-full flex-col gap-2 overflow-hidden">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setSearchValue(searchInput);
        }}
      >
        <label className="text-sm text-slate-300">
          <Trans>Search column</Trans>{" "}
          <select
            className="rounded bg-slate-800 px-2 py-1 text-slate-100"
            value={searchColumn}
            onChange={(event) => setSearchColumn(event.target.value)}
          >
            <option value="">—</option>
            {columns.map((column) => (
              <option key={column.name} value={column.name}>
                {column.name}
              </option>
            ))}
          </select>
        </label>
        <Input
          className="w-48"
          aria-label={t`Search value`}
          placeholder={t`Search value`}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
        />
        <Button type="submit" variant="outline">
          <Trans>Search</Trans>
        </Button>
        <label className="ml-auto text-sm text-slate-300">
          <Trans>Rows per page</Trans>{" "}
          <select
            className="rounded bg-slate-800 px-2 py-1 text-slate-100"
            value={pageSize}
            onChange={(event) => {
              setPage(1);
              setPageSize(Number(event.target.value));
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
      {data.isError && (
        <p role="alert" className="text-sm text-red-400">
          {data.error.message}
        </p>
      )}
      <div className="flex-1 overflow-auto rounded border border-slate-800">
        <table className="w-full border-collapse font-mono text-xs">
          <thead className="sticky top-0 bg-slate-900">
            <tr>
              {columns.map((column) => {
                const direction = sort?.column === column.name ? sort.direction : null;
                return (
                  <th
                    key={column.name}
                    aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
                    className="border-b border-slate-800 px-2 py-1 text-left text-slate-200"
                  >
                    <button
                      type="button"
                      className="hover:text-white"
                      onClick={() => {
                        setPage(1);
                        setSort(
                          direction === "asc"
                            ? { column: column.name, direction: "desc" }
                            : { column: column.name, direction: "asc" },
                        );
                      }}
                    >
                      {column.primaryKey && "🔑 "}
                      {column.name}
                      {direction === "asc" ? " ▲" : direction === "desc" ? " ▼" : ""}
                    </button>
                    <div className="font-normal text-slate-500">{column.type}</div>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {data.data?.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity across pages
              <tr key={rowIndex} className="odd:bg-slate-900/40">
                {row.map((cell, cellIndex) => (
                  <td
                    key={columns[cellIndex]?.name ?? cellIndex}
                    className="max-w-xs truncate border-b border-slate-800/60 px-2 py-1 text-slate-300"
                  >
                    {formatCell(cell)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <footer className="flex items-center gap-3 text-sm text-slate-300">
        <Button variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <span>
          <Trans>Page {page}</Trans>
        </span>
        <Button variant="outline" disabled={!data.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
          <Trans>Next</Trans>
        </Button>
        {data.data && (
          <>
            <Button
              variant="outline"
              onClick={() => {
                const names = columns.map((column) => column.name);
                download(`${table.tableName}.csv`, "text/csv", rowsToCsv(names, data.data?.rows ?? []));
              }}
            >
              <Trans>Export CSV</Trans>
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                const names = columns.map((column) => column.name);
                download(`${table.tableName}.json`, "application/json", rowsToJson(names, data.data?.rows ?? []));
              }}
            >
              <Trans>Export JSON</Trans>
            </Button>
          </>
        )}
        {data.data && (
          <span className="ml-auto" data-testid="row-count">
            {data.data.rowCountExact ? (
              <Trans>{data.data.rowCount} rows</Trans>
            ) : (
              <Trans>≈ {data.data.rowCount} rows</Trans>
            )}
          </span>
        )}
      </footer>
    </section>
  );
}
