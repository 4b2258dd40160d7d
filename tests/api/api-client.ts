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
  error: { code: string; message: string } | null;
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
