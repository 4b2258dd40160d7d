import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import type { Dialect } from "./stack-apps.ts";
import type { TestServer } from "./test-server.ts";

export interface StackRequest {
  method?: string;
  /** Adds the access type, project id and the matching key of `keys`. */
  access?: "client" | "server" | "admin";
  keys?: AppProjectKeys;
  accessToken?: string;
  refreshToken?: string;
  /** JSON-encoded unless it is a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  dialect?: Dialect;
}

export interface StackResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A raw request to the auth service, speaking the wire protocol as the SDK does (for HTTP tests). */
export async function stackFetch(server: TestServer, path: string, request: StackRequest = {}): Promise<StackResponse> {
  const family = request.dialect === "hexclave" ? "x-hexclave" : "x-stack";
  const headers: Record<string, string> = {};
  if (request.access && request.keys) {
    headers[`${family}-access-type`] = request.access;
    headers[`${family}-project-id`] = request.keys.projectId;
    if (request.access === "client") headers[`${family}-publishable-client-key`] = request.keys.publishableClientKey;
    if (request.access === "server") headers[`${family}-secret-server-key`] = request.keys.secretServerKey;
    if (request.access === "admin") headers[`${family}-super-secret-admin-key`] = request.keys.superSecretAdminKey;
  }
  if (request.accessToken) headers[`${family}-access-token`] = request.accessToken;
  if (request.refreshToken) headers[`${family}-refresh-token`] = request.refreshToken;
  if (request.body !== undefined) headers["content-type"] = "application/json";
  Object.assign(headers, request.headers);
  const res = await server.request(`/auth/api/v1${path}`, {
    method: request.method ?? (request.body === undefined ? "GET" : "POST"),
    headers,
    body:
      request.body === undefined
        ? undefined
        : typeof request.body === "string"
          ? request.body
          : JSON.stringify(request.body),
    redirect: "manual",
  });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("application/json")) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body, text };
}

/** Asserts the Stack known-error envelope: status, both header families, {code, error, details?}. */
export function knownError(res: StackResponse): { code: string; error: string; details?: Record<string, unknown> } {
  const body = res.body as { code?: string; error?: string; details?: Record<string, unknown> };
  const code = res.headers.get("x-stack-known-error");
  if (!code || code !== res.headers.get("x-hexclave-known-error") || code !== body.code) {
    throw new Error(`not a known-error response (${res.status}): ${res.text}`);
  }
  return body as { code: string; error: string; details?: Record<string, unknown> };
}

/**
 * The text of a StatusError answer: where Stack answers plain text, ours answers `{code, error}`
 * with that text and no known-error header (every 4xx carries a code). Null for anything else.
 */
export function statusErrorText(res: Pick<StackResponse, "headers" | "body">, body: unknown = res.body): string | null {
  if (res.headers.get("x-stack-known-error") !== null) return null;
  const envelope = body as { code?: unknown; error?: unknown } | null;
  if (!envelope || typeof envelope.code !== "string" || typeof envelope.error !== "string") return null;
  return envelope.error;
}
