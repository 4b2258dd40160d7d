import type { Context } from "hono";
import type { AppEnv } from "../../http/env.ts";

/**
 * Stack's StatusError: an error outside the SDK's known-error list, where Stack answers plain text.
 * Ours answers `{code, error}` (so every 4xx carries a stable code, issue #17/#21), still without
 * the known-error headers: the SDK would reject a code it does not know ("update your SDK"), and a
 * 429 must stay a plain HTTP error, which the SDK retries after Retry-After.
 */
export class StatusError extends Error {
  override name = "StatusError";
  constructor(
    readonly status: number,
    /** One of STATUS_ERROR_CODES: errors of this server that the official SDK has no class for. */
    readonly code: StatusErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The codes of StatusErrors; codes the SDK knows are KnownErrors (known-errors.ts) instead. */
export const STATUS_ERROR_CODES = [
  "ROUTE_NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "RATE_LIMITED",
  "CLIENT_CANNOT_ACT_FOR_OTHER_USERS",
  "CLIENT_TEAM_CREATION_DISABLED",
  "CLIENT_USER_DELETION_DISABLED",
  "CLIENT_CANNOT_SET_VERIFIED",
  "INVALID_TOTP_SECRET",
  "PASSWORD_AND_HASH_BOTH_SET",
  "INVALID_PASSWORD_HASH",
  "PRIMARY_EMAIL_REQUIRED",
  "INVALID_PROFILE_IMAGE",
  "IMAGE_NOT_FOUND",
  "OTP_NOT_ENABLED",
  "USER_ALREADY_HAS_PASSWORD",
  "MAGIC_LINK_NOT_ENABLED",
  "API_KEYS_NOT_ENABLED",
  "INVALID_CLI_LOGIN_CODE",
  "INVALID_ANON_REFRESH_TOKEN",
  "NO_ANONYMOUS_CLI_SESSION",
  "CROSS_DOMAIN_REFRESH_TOKEN_REQUIRED",
  "CROSS_DOMAIN_REFRESH_TOKEN_MISMATCH",
  "OAUTH_FLOW_NOT_FOUND",
  "INVALID_EMAIL",
  "SESSION_NOT_FOUND",
  "CONTACT_CHANNEL_NOT_FOUND",
  "EMAIL_TEMPLATE_NOT_FOUND",
  "WEBHOOK_ENDPOINT_NOT_FOUND",
  "INTERNAL_API_KEY_NOT_FOUND",
  "PROJECT_OWNED_BY_INSTANCE",
  "PROJECT_CREATION_NOT_ALLOWED",
  "PROJECT_NOT_FOUND",
  "QUERY_PARAMETER_REQUIRED",
  "OAUTH_ACCOUNT_NOT_FOUND",
  "OAUTH_PROVIDER_NOT_CONFIGURED",
  "OAUTH_ACCOUNT_CONFLICT",
] as const;
export type StatusErrorCode = (typeof STATUS_ERROR_CODES)[number];

const OVERRIDE_HEADERS = ["x-stack-override-error-status", "x-hexclave-override-error-status"];

export function renderStatusError(c: Context<AppEnv>, error: StatusError): Response {
  const headers = new Headers({ "content-type": "application/json; charset=utf-8", ...error.headers });
  let status = error.status;
  if (status >= 400 && status < 500 && OVERRIDE_HEADERS.some((h) => c.req.header(h) !== undefined)) {
    headers.set("x-stack-actual-status", String(status));
    headers.set("x-hexclave-actual-status", String(status));
    status = 200;
  }
  return new Response(JSON.stringify({ code: error.code, error: error.message }), { status, headers });
}
