import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";

/**
 * Stack's StatusError: an error outside the SDK's known-error list, answered as plain text with
 * no known-error header. The SDK retries a 429 after Retry-After and throws on the others.
 */
export class StatusError extends Error {
  override name = "StatusError";
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const OVERRIDE_HEADERS = ["x-stack-override-error-status", "x-hexclave-override-error-status"];

export function renderStatusError(c: Context<AppEnv>, error: StatusError): Response {
  const headers = new Headers({ "content-type": "text/plain; charset=utf-8", ...error.headers });
  let status = error.status;
  if (status >= 400 && status < 500 && OVERRIDE_HEADERS.some((h) => c.req.header(h) !== undefined)) {
    headers.set("x-stack-actual-status", String(status));
    headers.set("x-hexclave-actual-status", String(status));
    status = 200;
  }
  return new Response(error.message, { status, headers });
}
