import type { CancelResponse, ExecuteResponse } from "@contract/sql";
import type { SqlSplitResponse } from "@contract/sql-split";
import { apiRequest } from "@/lib/api-client";

export function executeSql(dbId: string, sql: string, executionId: string): Promise<ExecuteResponse> {
  return apiRequest<ExecuteResponse>(`/db/${encodeURIComponent(dbId)}/execute`, {
    method: "POST",
    json: { sql, executionId },
  });
}

export function cancelSql(dbId: string, executionId: string): Promise<CancelResponse> {
  return apiRequest<CancelResponse>(`/db/${encodeURIComponent(dbId)}/cancel`, {
    method: "POST",
    json: { executionId },
  });
}

/** The statements of a script as PostgreSQL's parser sees them (the parser stays on the server). */
export function splitSql(sql: string): Promise<SqlSplitResponse> {
  return apiRequest<SqlSplitResponse>("/sql/split", { method: "POST", json: { sql } });
}
