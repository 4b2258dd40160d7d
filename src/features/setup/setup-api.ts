import type { SetupCheckResult, SetupInput, SetupResult } from "@contract/setup";
import { apiRequest } from "@/lib/api-client";

/** Is the printed link still good? Throws SETUP_LINK_INVALID when not. */
export function checkSetupLink(token: string): Promise<SetupCheckResult> {
  return apiRequest<SetupCheckResult>("/setup/check", { method: "POST", json: { token } });
}

/** Makes the first operator's account (verified, no mail). */
export function createFirstOperator(input: SetupInput): Promise<SetupResult> {
  return apiRequest<SetupResult>("/setup", { method: "POST", json: input });
}
