import type { DatabaseSchemaResponse, TableCell, TableData } from "@contract/databases";
import type { RowChangesRequest, RowChangesResponse } from "@contract/row-changes";
import type { TableFilter } from "@contract/table-filter";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export interface TablePageParams {
  schemaName: string;
  tableName: string;
  page: number;
  pageSize: number;
  searchColumn?: string;
  searchValue?: string;
  sortColumn?: string;
  sortDirection: "asc" | "desc";
  filter?: TableFilter;
  /** Keyset cursors from the neighbouring page (TableData.cursor): the rows after or before it. */
  after?: string[];
  before?: string[];
  /** The last page, read backwards from the end (`page` is then ignored). */
  last?: boolean;
}

export const databaseKeys = {
  schema: (dbId: string) => ["db", dbId, "schema"] as const,
  table: (dbId: string, params: TablePageParams) => ["db", dbId, "table", params] as const,
};

export const schemaQuery = (dbId: string) =>
  queryOptions({
    queryKey: databaseKeys.schema(dbId),
    queryFn: () => apiRequest<DatabaseSchemaResponse>(`/db/${encodeURIComponent(dbId)}/schema`),
  });

export const tablePageQuery = (dbId: string, params: TablePageParams) =>
  queryOptions({
    queryKey: databaseKeys.table(dbId, params),
    // The signal: a page nobody waits for any more (Stop, another page) is dropped, and the server
    // stops its statement.
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        schemaName: params.schemaName,
        page: String(params.page),
        pageSize: String(params.pageSize),
        sortDirection: params.sortDirection,
      });
      if (params.sortColumn) search.set("sortColumn", params.sortColumn);
      if (params.filter?.length) search.set("filter", JSON.stringify(params.filter));
      if (params.last) search.set("last", "true");
      else if (params.after) search.set("after", JSON.stringify(params.after));
      else if (params.before) search.set("before", JSON.stringify(params.before));
      if (params.searchColumn && params.searchValue) {
        search.set("searchColumn", params.searchColumn);
        search.set("searchValue", params.searchValue);
      }
      return apiRequest<TableData>(
        `/db/${encodeURIComponent(dbId)}/table/${encodeURIComponent(params.tableName)}?${search}`,
        { signal },
      );
    },
    placeholderData: (previous) => previous,
  });

export function applyRowChanges(dbId: string, request: RowChangesRequest): Promise<RowChangesResponse> {
  return apiRequest<RowChangesResponse>(`/db/${encodeURIComponent(dbId)}/rows`, { method: "POST", json: request });
}

/** The whole value of one cell the table page cut, found by the row's primary key. */
export async function fetchCell(
  dbId: string,
  table: { schemaName: string; tableName: string },
  column: string,
  key: Record<string, unknown>,
): Promise<unknown> {
  const search = new URLSearchParams({ schemaName: table.schemaName, column, key: JSON.stringify(key) });
  const answer = await apiRequest<TableCell>(
    `/db/${encodeURIComponent(dbId)}/table/${encodeURIComponent(table.tableName)}/cell?${search}`,
  );
  return answer.value;
}
