import type { KnownErrorCode } from "@contract/auth-errors";
import { ApiError, apiRequestRaw, throwAsNetworkError, unwrapPair } from "@/lib/api-client";

// The operator question lives apart so the signed-in shell can ask it without the admin API's code.
export { type AdminMe, adminKeys, adminMeQuery, isAdminQuery } from "./admin-me";

interface AdminInit {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  json?: unknown;
}

/**
 * Calls the auth service's admin API for the console's own project through the app API's operator
 * proxy (`/api/v1/admin/auth${path}`, e.g. `/users?query=ann`). Answers are the auth service's
 * own JSON; the gate's refusals are app-API pairs. Both become an ApiError (service "auth" for
 * the auth service's known errors).
 */
export async function adminFetch<T>(path: string, init: AdminInit = {}): Promise<T> {
  const response = await apiRequestRaw(`/admin/auth${path}`, init).catch((cause: unknown) =>
    throwAsNetworkError(cause),
  );
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  const knownCode = response.headers.get("x-stack-known-error") ?? response.headers.get("x-hexclave-known-error");
  if (knownCode) {
    const known = body as { error?: string; details?: Record<string, unknown> } | undefined;
    throw new ApiError(knownCode as KnownErrorCode, known?.error ?? knownCode, response.status, known?.details, "auth");
  }
  try {
    unwrapPair(body, response.status);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.code, error.message, response.status);
  }
  throw new ApiError("unknown", `The admin API answered ${response.status}.`, response.status);
}
