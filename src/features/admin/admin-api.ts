import type { KnownErrorCode } from "@contract/auth-errors";
import type { z } from "zod";
import { ApiError, apiRequestRaw, unwrapPair, withErrorTexts } from "@/lib/api-client";
import { parseAnswer } from "@/lib/parse-answer";

// The contract's schemas of the auth service's answers, imported by the admin area from here: so
// the bundler keeps them in this module's chunk, which every admin page loads, instead of chunks
// of their own whose names would swell the first paint's map of lazy chunks.
export * from "@contract/auth-api-keys";
export * from "@contract/auth-emails";
export * from "@contract/auth-metrics";
export * from "@contract/auth-permissions";
export * from "@contract/auth-project";
export * from "@contract/auth-sessions";
export * from "@contract/auth-teams";
export * from "@contract/auth-users";
export * from "@contract/auth-webhooks";

// The operator question lives apart so the signed-in shell can ask it without the admin API's code.
export { type AdminMe, adminKeys, adminMeQuery, isAdminQuery } from "./admin-me";

interface AdminInit {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  json?: unknown;
}

/**
 * Calls the auth service's admin API for the console's own project through the app API's operator
 * proxy (`/api/v1/admin/auth${path}`, e.g. `/users?query=ann`) and answers the auth service's own
 * JSON. The gate's refusals are app-API pairs. Both become an ApiError (service "auth" for the auth
 * service's known errors).
 */
async function adminAnswer(path: string, init: AdminInit): Promise<{ body: unknown; status: number }> {
  const response = await apiRequestRaw(`/admin/auth${path}`, init);
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { body, status: response.status };
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

/**
 * An admin API read: the answer checked against its contract schema (server/contract/auth-*.ts);
 * an answer of another shape is the ApiError "invalid_answer".
 */
export function adminFetch<S extends z.ZodType>(path: string, schema: S, init: AdminInit = {}): Promise<z.infer<S>> {
  return withErrorTexts(async () => {
    const { body, status } = await adminAnswer(path, init);
    return parseAnswer(schema, body, `${init.method ?? "GET"} ${path.split("?")[0]}`, status);
  });
}

/** An admin API call whose answer nobody reads (a delete, a send): only whether it succeeded. */
export function adminSend(path: string, init: AdminInit): Promise<void> {
  return withErrorTexts(async () => {
    await adminAnswer(path, init);
  });
}
