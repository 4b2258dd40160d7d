import { executeResponseSchema } from "../../server/contract/sql.ts";
import type { TestServer } from "../helpers/test-server.ts";

/** Calls /api/v1 as a user with `Authorization: Bearer`, answering status, headers and the parsed pair. */
export async function api<T = unknown>(
  server: TestServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Headers;
  data: T;
  error: { code: string; message: string; details?: Record<string, unknown> } | null;
  text: string;
}> {
  const response = await server.request(`/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: callers that expect a pair will fail on `data`/`error` below.
  }
  const pair = Array.isArray(parsed) ? parsed : [undefined, undefined];
  return { status: response.status, headers: response.headers, data: pair[0] as T, error: pair[1], text };
}

/** Deletes a user's databases, so managed ones do not outlive the test on the PostgreSQL cluster. */
export async function deleteAllDatabases(server: TestServer, token: string): Promise<void> {
  const list = await api<Array<{ id: string }>>(server, token, "GET", "/db");
  for (const db of list.data ?? []) await api(server, token, "DELETE", `/db/${db.id}`);
}

/**
 * Starts a run of `sql` on database `dbId` and returns once its answer has begun: the server
 * registers the run and writes the answer's head just before the first statement goes out, so a
 * cancel or abort that follows meets a run in progress, without a guessed wait. `answer` is the
 * parsed result when the run ends (it rejects when `signal` aborts the request).
 */
export async function startRun(
  server: TestServer,
  token: string,
  dbId: string,
  sql: string,
  options: { executionId?: string; signal?: AbortSignal } = {},
) {
  const response = await server.request(`/api/v1/db/${dbId}/execute`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ sql, executionId: options.executionId }),
    signal: options.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`execute answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const first = await reader.read();
  let text = decoder.decode(first.value, { stream: true });
  const answer = (async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    const [result] = JSON.parse(text + decoder.decode()) as [unknown, unknown];
    return executeResponseSchema.parse(result);
  })();
  return { answer };
}
