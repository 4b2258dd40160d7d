import type { Context } from "hono";
import { type StatusErrorCode, statusErrors } from "../../contract/auth-errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { stackAnswerStatus } from "../../http/error-handler.ts";

/**
 * Stack's StatusError: an error outside the SDK's known-error list, where Stack answers plain text.
 * Ours answers `{code, error}` (so every 4xx carries a stable code, issue #17/#21), still without
 * the known-error headers: the SDK would reject a code it does not know ("update your SDK"), and a
 * 429 must stay a plain HTTP error, which the SDK retries after Retry-After.
 */
export class StatusError extends Error {
  override name = "StatusError";
  /** The code's status in the registry (server/contract/auth-errors.ts `statusErrors`). */
  readonly status: number;
  constructor(
    /** One of `statusErrors`: errors of this server that the official SDK has no class for. */
    readonly code: StatusErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = statusErrors[code].status;
  }
}

export function renderStatusError(c: Context<AppEnv>, error: StatusError): Response {
  const headers = new Headers({ "content-type": "application/json; charset=utf-8", ...error.headers });
  const status = stackAnswerStatus(c, error.status, (name, value) => headers.set(name, value));
  return new Response(JSON.stringify({ code: error.code, error: error.message }), { status, headers });
}
