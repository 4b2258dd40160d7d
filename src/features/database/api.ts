import type { DatabaseSchemaResponse, TableData } from "@contract/databases";
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
    queryFn: () => {
      const search = new URLSearchParams({
        schemaName: params.schemaName,
        page: String(params.page),
        pageSize: String(params.pageSize),
        sortDirection: params.sortDirection,
      });
      if (params.sortColumn) search.set("sortColumn", params.sortColumn);
      if (params.searchColumn && params.searchValue) {
        search.set("searchColumn", params.searchColumn);
        search.set("searchValue", params.searchValue);
      }
      return apiRequest<TableData>(
        `/db/${encodeURIComponent(dbId)}/table/${encodeURIComponent(params.tableName)}?${search}`,
      );
    },
    placeholderData: (previous) => previous,
  });
