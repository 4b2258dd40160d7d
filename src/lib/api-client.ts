import type { ApiErrorCode, ApiPair } from "@contract/api-errors";
import type { KnownErrorCode, StatusErrorCode } from "@contract/auth-errors";
import type { ClientErrorCode } from "./errors/api-error-texts";
import { loadErrorTexts } from "./errors/load-error-texts";
import { getRuntimeConfig } from "./runtime-config";
import { isImpersonationTab } from "./session/impersonation";

/**
 * Which registry a code belongs to: the app API's (`/api/v1`, `[data, error]` pairs) or the auth
 * service's (Stack's `{code, error}` with the known-error header). Some codes exist in both.
 */
export type ErrorService = "api" | "auth";

/**
 * A failed call to either of our services, carrying the server's stable code and its message; the
 * web app's one error class (the Stack SDK's KnownErrors aside). errorText() turns it into words.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode | KnownErrorCode | StatusErrorCode | ClientErrorCode,
    message: string,
    readonly status?: number,
    /** The error's details (a refused import row's `line`, a filter's `column`), when the server sent some. */
    readonly details?: Record<string, unknown>,
    readonly service: ErrorService = "api",
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * Turns the server's `[data, error]` answer into data, or throws an ApiError with the server's
 * message. A body that is no pair at all (a proxy page, a crash) becomes code "unknown".
 */
export function unwrapPair<T>(body: unknown, status?: number): T {
  if (!Array.isArray(body) || body.length !== 2) {
    throw new ApiError("unknown", "Unknown error", status);
  }
  // A pair from a misbehaving proxy may lack fields; the fallbacks below cover that.
  const [data, error] = body as ApiPair<T> | [null, Partial<NonNullable<ApiPair<T>[1]>>];
  if (error != null) {
    throw new ApiError(error.code ?? "unknown", error.message || "Unknown error", status, error.details);
  }
  return data as T;
}

/**
 * Headers that authenticate a call. The auth feature installs a provider that asks the SDK for a
 * current access token (refreshing it when it is about to expire); the same-origin cookie is
 * sent too, but it can be stale between refreshes.
 */
let authHeaders: () => Promise<Record<string, string>> = async () => ({});

export function setApiAuthHeaders(provider: () => Promise<Record<string, string>>): void {
  authHeaders = provider;
}

export interface ApiRequestInit {
  method?: string;
  json?: unknown;
  /** A body sent as it is (a file, say), with its content type. */
  body?: { data: Blob; contentType: string };
  /** Aborting it drops the request; the server stops what it ran for it (a table page's statement). */
  signal?: AbortSignal;
  /** Asks the server for what it has now, past its short-lived caches (a change made elsewhere). */
  fresh?: boolean;
}

/**
 * The browser's one fetch to our services: a fetch that got no answer rejects with the ApiError
 * "network" (throwAsNetworkError), whichever service and caller asked.
 */
const send = (url: string, init: RequestInit): Promise<Response> =>
  fetch(url, init).catch((cause: unknown) => throwAsNetworkError(cause, init.signal));

/**
 * Calls our API at /api/v1 with the session cookie; the raw response, for status-only calls. No
 * answer at all rejects with the ApiError "network".
 */
export async function apiRequestRaw(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const auth = await authHeaders();
  return send(`/api/v1${path}`, {
    method: init.method ?? "GET",
    // An impersonation tab sends no cookie: they carry the operator's own session.
    credentials: isImpersonationTab() ? "omit" : "same-origin",
    headers: {
      accept: "application/json",
      ...(init.json === undefined ? {} : { "content-type": "application/json" }),
      ...(init.body ? { "content-type": init.body.contentType } : {}),
      ...(init.fresh ? { "cache-control": "no-cache" } : {}),
      ...auth,
    },
    body: init.body ? init.body.data : init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: init.signal,
  });
}

/**
 * Throws what a fetch threw when no answer came (offline, the server down, a stream broken midway)
 * as the ApiError "network". An ApiError (the auth-header provider's) and a cancellation the caller
 * asked for (`signal`) pass unchanged: they are no network failure.
 */
export function throwAsNetworkError(cause: unknown, signal?: AbortSignal | null): never {
  if (cause instanceof ApiError || signal?.aborted) throw cause;
  throw new ApiError("network", cause instanceof Error ? cause.message : "Unknown error");
}

/**
 * Runs `work`; an error it throws leaves only once the code→text map is loaded, which happens at
 * the first error (src/lib/errors/load-error-texts.ts), so errorText() finds the error's words.
 */
export async function withErrorTexts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await loadErrorTexts();
    throw error;
  }
}

/** Calls our API at /api/v1 and returns the data of its `[data, error]` answer. */
export function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  return withErrorTexts(async () => {
    // A cancelled request (a query that is no longer wanted) stays a cancellation (see send).
    const response = await apiRequestRaw(path, init);
    const body: unknown = await response.json().catch(() => undefined);
    return unwrapPair<T>(body, response.status);
  });
}

interface AuthServiceInit {
  method?: "GET" | "POST";
  json?: unknown;
  /** Sends the web app's own project as the caller, with this access type (Stack's X-Stack-* headers). */
  access?: "client";
  headers?: Record<string, string>;
}

/**
 * Calls the auth service's REST API (`<authBaseUrl>/api/v1${path}`) directly: the few reads that
 * must stay lighter than the Stack SDK (the login page's options, the session check) and the
 * calls the SDK has no method for. The raw response, for status-only calls; no answer at all
 * rejects with the ApiError "network".
 */
export async function authServiceRequestRaw(path: string, init: AuthServiceInit = {}): Promise<Response> {
  const config = await getRuntimeConfig();
  const project = init.access
    ? {
        "x-stack-access-type": init.access,
        "x-stack-project-id": config.projectId,
        ...(config.publishableClientKey ? { "x-stack-publishable-client-key": config.publishableClientKey } : {}),
      }
    : {};
  return send(`${config.authBaseUrl}/api/v1${path}`, {
    method: init.method ?? "GET",
    credentials: isImpersonationTab() ? "omit" : "same-origin",
    headers: {
      ...(init.json === undefined ? {} : { "content-type": "application/json" }),
      ...project,
      ...init.headers,
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

/** The auth service's refusal as an ApiError (service "auth"): Stack's `{code, error, details}` body. */
export async function authServiceError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as
    | { code?: string; error?: string; details?: Record<string, unknown> }
    | undefined;
  await loadErrorTexts();
  return new ApiError(
    (body?.code ?? "unknown") as KnownErrorCode,
    body?.error ?? `HTTP ${response.status}`,
    response.status,
    body?.details,
    "auth",
  );
}
