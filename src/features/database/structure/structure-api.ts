import type { FunctionDefinition, TableStructure } from "@contract/db-structure";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const structureQuery = (dbId: string, schemaName: string, tableName: string) =>
  queryOptions({
    queryKey: ["db", dbId, "structure", schemaName, tableName] as const,
    queryFn: () =>
      apiRequest<TableStructure>(
        `/db/${encodeURIComponent(dbId)}/structure/table/${encodeURIComponent(tableName)}?${new URLSearchParams({ schemaName })}`,
      ),
    staleTime: 30_000,
  });

export const functionDefinitionQuery = (dbId: string, oid: number) =>
  queryOptions({
    queryKey: ["db", dbId, "function", oid] as const,
    queryFn: () => apiRequest<FunctionDefinition>(`/db/${encodeURIComponent(dbId)}/structure/function/${oid}`),
  });
