import {
  type NewRecoveryCodes,
  newRecoveryCodesSchema,
  type RecoveryCodesLeft,
  recoveryCodesLeftSchema,
} from "@contract/mfa-recovery-codes";
import { authServiceError, authServiceRequestRaw } from "@/lib/api-client";

/** The signed-in user's access token (the SDK user's getAuthJson), for the auth service's own calls. */
export type AccessTokenSource = () => Promise<string | null>;

async function call(token: AccessTokenSource, method: "GET" | "POST"): Promise<unknown> {
  const accessToken = await token();
  const response = await authServiceRequestRaw("/auth/mfa/recovery-codes", {
    method,
    access: "client",
    headers: accessToken ? { "x-stack-access-token": accessToken } : {},
    ...(method === "POST" ? { json: {} } : {}),
  });
  if (!response.ok) throw await authServiceError(response);
  return response.json();
}

/** How many of the user's recovery codes are left. */
export async function recoveryCodesLeft(token: AccessTokenSource): Promise<RecoveryCodesLeft> {
  return recoveryCodesLeftSchema.parse(await call(token, "GET"));
}

/** A new set of recovery codes (the old set stops working), to be shown this once. */
export async function newRecoveryCodes(token: AccessTokenSource): Promise<NewRecoveryCodes> {
  return newRecoveryCodesSchema.parse(await call(token, "POST"));
}
