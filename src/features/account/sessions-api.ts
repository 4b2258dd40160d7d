import { sessionListSchema } from "@contract/auth-sessions";
import { authServiceError, authServiceRequestRaw } from "@/lib/api-client";
import { type DeviceSummary, summarizeUserAgent } from "@/lib/user-agent";
import type { AccessTokenSource } from "./recovery-codes-api";

export interface AccountSession {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  isCurrentSession: boolean;
  isImpersonation: boolean;
  device: DeviceSummary;
  /** ISO 3166-1 alpha-2, from the operator's proxy header; null when not configured or unknown. */
  countryCode: string | null;
}

/**
 * The user's sessions, read from the auth service itself: the SDK's getActiveSessions keeps only
 * Stack's fields, and where a session started is this server's own.
 */
export async function listSessions(token: AccessTokenSource): Promise<AccountSession[]> {
  const accessToken = await token();
  const response = await authServiceRequestRaw("/auth/sessions?user_id=me&include_origin=true", {
    access: "client",
    headers: accessToken ? { "x-stack-access-token": accessToken } : {},
  });
  if (!response.ok) throw await authServiceError(response);
  return sessionListSchema.parse(await response.json()).items.map((item) => ({
    id: item.id,
    createdAt: new Date(item.created_at),
    lastUsedAt: new Date(item.last_used_at),
    isCurrentSession: item.is_current_session,
    isImpersonation: item.is_impersonation,
    device: summarizeUserAgent(item.user_agent),
    countryCode: item.country_code ?? null,
  }));
}
