import type {
  ApplyRequest,
  CatalogTypesResponse,
  EditorTableResponse,
  PlanResponse,
  SchemaChangeInput,
} from "@contract/schema-editor";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const base = (dbId: string) => `/db/${encodeURIComponent(dbId)}/schema-editor`;

export const catalogTypesQuery = (dbId: string) =>
  queryOptions({
    queryKey: ["db", dbId, "schema-editor", "types"] as const,
    queryFn: () => apiRequest<CatalogTypesResponse>(`${base(dbId)}/types`),
  });

export const fetchEditorTable = (dbId: string, schemaName: string, tableName: string) =>
  apiRequest<EditorTableResponse>(
    `${base(dbId)}/table/${encodeURIComponent(tableName)}?${new URLSearchParams({ schemaName })}`,
  );

export const editorTableQuery = (dbId: string, schemaName: string, tableName: string) =>
  queryOptions({
    queryKey: ["db", dbId, "schema-editor", "table", schemaName, tableName] as const,
    queryFn: () => fetchEditorTable(dbId, schemaName, tableName),
    // An editor always starts from the table as it is now.
    staleTime: 0,
  });

export const planChange = (dbId: string, change: SchemaChangeInput) =>
  apiRequest<PlanResponse>(`${base(dbId)}/plan`, { method: "POST", json: { change } });

export const applyStatements = (dbId: string, request: ApplyRequest) =>
  apiRequest<{ applied: number }>(`${base(dbId)}/apply`, { method: "POST", json: request });
