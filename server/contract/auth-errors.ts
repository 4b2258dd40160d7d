/**
 * Every known-error code the auth service (/auth/api/v1) answers, with its HTTP status: the
 * registry `KnownErrors` (server/auth/errors/known-errors.ts) builds its errors from, so a code and
 * its status cannot drift apart and a code outside this list fails the type check. Errors arrive
 * in Stack's envelope `{code, error, details?}` with the `x-stack-known-error` header; the browser
 * narrows on `code` (src/lib/errors/auth-error-texts.ts), never on the message. Errors outside the
 * SDK's list (plain-text answers in Stack) are StatusErrors with codes of their own
 * (server/auth/errors/status-error.ts).
 */
export const knownErrors = {
  SCHEMA_ERROR: { status: 400 },
  BODY_PARSING_ERROR: { status: 400 },
  ACCESS_TYPE_REQUIRED: { status: 400 },
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: { status: 400 },
  INVALID_ACCESS_TYPE: { status: 400 },
  ACCESS_TYPE_WITHOUT_PROJECT_ID: { status: 400 },
  CURRENT_PROJECT_NOT_FOUND: { status: 400 },
  BRANCH_DOES_NOT_EXIST: { status: 400 },
  PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: { status: 401 },
  INVALID_PUBLISHABLE_CLIENT_KEY: { status: 401 },
  SERVER_AUTHENTICATION_REQUIRED: { status: 401 },
  INVALID_SECRET_SERVER_KEY: { status: 401 },
  ADMIN_AUTHENTICATION_REQUIRED: { status: 401 },
  INVALID_SUPER_SECRET_ADMIN_KEY: { status: 401 },
  INSUFFICIENT_ACCESS_TYPE: { status: 401 },
  UNPARSABLE_ACCESS_TOKEN: { status: 401 },
  ACCESS_TOKEN_EXPIRED: { status: 401 },
  INVALID_PROJECT_FOR_ACCESS_TOKEN: { status: 401 },
  ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: { status: 401 },
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: { status: 401 },
  CANNOT_DELETE_CURRENT_SESSION: { status: 400 },
  USER_EMAIL_ALREADY_EXISTS: { status: 409 },
  CANNOT_GET_OWN_USER_WITHOUT_USER: { status: 400 },
  USER_NOT_FOUND: { status: 404 },
  EXPECTED_INTERNAL_PROJECT: { status: 401 },
  USER_AUTHENTICATION_REQUIRED: { status: 401 },
  SIGN_UP_NOT_ENABLED: { status: 400 },
  PASSWORD_AUTHENTICATION_NOT_ENABLED: { status: 400 },
  ANONYMOUS_ACCOUNTS_NOT_ENABLED: { status: 400 },
  EMAIL_PASSWORD_MISMATCH: { status: 400 },
  REDIRECT_URL_NOT_WHITELISTED: { status: 400 },
  PASSWORD_TOO_SHORT: { status: 400 },
  PASSWORD_TOO_LONG: { status: 400 },
  USER_DOES_NOT_HAVE_PASSWORD: { status: 400 },
  PASSWORD_CONFIRMATION_MISMATCH: { status: 400 },
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: { status: 400 },
  INVALID_TOTP_CODE: { status: 400 },
  INVALID_POLLING_CODE: { status: 400 },
  VERIFICATION_CODE_NOT_FOUND: { status: 404 },
  VERIFICATION_CODE_EXPIRED: { status: 400 },
  VERIFICATION_CODE_ALREADY_USED: { status: 409 },
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: { status: 400 },
  EMAIL_ALREADY_VERIFIED: { status: 409 },
  EMAIL_IS_NOT_PRIMARY_EMAIL: { status: 400 },
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: { status: 400 },
  INVALID_AUTHORIZATION_CODE: { status: 400 },
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: { status: 400 },
  APPLE_BUNDLE_ID_NOT_CONFIGURED: { status: 400 },
  INVALID_APPLE_CREDENTIALS: { status: 400 },
  OAUTH_PROVIDER_ACCESS_DENIED: { status: 400 },
  // Generic OpenID Connect providers (server/auth/social/oidc): outside the SDK's list, they reach
  // the app in the callback's redirect (errorCode), never as a JSON known error the SDK would parse.
  OIDC_DISCOVERY_FAILED: { status: 502 },
  OIDC_ISSUER_MISMATCH: { status: 400 },
  OIDC_ID_TOKEN_INVALID: { status: 400 },
  OIDC_NONCE_MISMATCH: { status: 400 },
  OIDC_EMAIL_DOMAIN_NOT_ALLOWED: { status: 403 },
  OIDC_SIGN_UP_DISABLED: { status: 403 },
  SSO_REQUIRES_LINKED_ADMIN: { status: 400 },
  OUTER_OAUTH_TIMEOUT: { status: 408 },
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: { status: 409 },
  TEAM_MEMBERSHIP_NOT_FOUND: { status: 404 },
  WRONG_PERMISSION_SCOPE: { status: 404 },
  PERMISSION_NOT_FOUND: { status: 404 },
  PASSKEY_AUTHENTICATION_NOT_ENABLED: { status: 400 },
  PASSKEY_REGISTRATION_FAILED: { status: 400 },
  PASSKEY_AUTHENTICATION_FAILED: { status: 400 },
  PERMISSION_ID_ALREADY_EXISTS: { status: 400 },
  CONTAINED_PERMISSION_NOT_FOUND: { status: 400 },
  TEAM_MEMBERSHIP_ALREADY_EXISTS: { status: 409 },
  TEAM_PERMISSION_REQUIRED: { status: 401 },
  PROJECT_PERMISSION_REQUIRED: { status: 401 },
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: { status: 403 },
  TEAM_INVITATION_EMAIL_MISMATCH: { status: 403 },
  API_KEY_NOT_FOUND: { status: 404 },
  API_KEY_EXPIRED: { status: 401 },
  API_KEY_REVOKED: { status: 401 },
  WRONG_API_KEY_TYPE: { status: 400 },
  PUBLIC_API_KEY_CANNOT_BE_REVOKED: { status: 400 },
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: { status: 400 },
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: { status: 400 },
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE: { status: 400 },
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: { status: 400 },
  USER_ID_DOES_NOT_EXIST: { status: 400 },
  ANALYTICS_NOT_ENABLED: { status: 400 },
  RESTRICTED_USER_NOT_ALLOWED: { status: 403 },
  TEAM_NOT_FOUND: { status: 404 },
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: { status: 409 },
  // Stack's dashboard and admin API (admin access tokens, data vault, e-mail templates, OAuth
  // provider accounts, sign-up rules): known errors of Stack's server the client SDK has no use for
  ADMIN_ACCESS_TOKEN_EXPIRED: { status: 401 },
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: { status: 401 },
  UNPARSABLE_ADMIN_ACCESS_TOKEN: { status: 401 },
  DATA_VAULT_STORE_DOES_NOT_EXIST: { status: 400 },
  DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: { status: 400 },
  EMAIL_TEMPLATE_ALREADY_EXISTS: { status: 409 },
  /** A theme's TSX source that does not compile or exports no `EmailTheme` (/internal/email-themes). */
  EMAIL_RENDERING_ERROR: { status: 400 },
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: { status: 400 },
  SIGN_UP_REJECTED: { status: 403 },
  // The webhook portal (this service's stand-in for Svix's app portal), read by the admin area only
  WEBHOOK_PORTAL_TOKEN_INVALID: { status: 401 },
} as const satisfies Record<string, { readonly status: number }>;

export type KnownErrorCode = keyof typeof knownErrors;

/**
 * The codes of the auth service's StatusErrors, with their statuses (server/auth/errors/status-error.ts): refusals outside
 * the SDK's known-error list, answered as `{code, error}` without the known-error header.
 */
export const statusErrors = {
  ROUTE_NOT_FOUND: { status: 404 },
  METHOD_NOT_ALLOWED: { status: 405 },
  RATE_LIMITED: { status: 429 },
  CLIENT_CANNOT_ACT_FOR_OTHER_USERS: { status: 403 },
  CLIENT_TEAM_CREATION_DISABLED: { status: 403 },
  CLIENT_USER_DELETION_DISABLED: { status: 400 },
  CLIENT_CANNOT_SET_VERIFIED: { status: 400 },
  INVALID_TOTP_SECRET: { status: 400 },
  /** /auth/mfa/recovery-codes: the user has no TOTP, so recovery codes would stand in for nothing. */
  MFA_NOT_ENABLED: { status: 400 },
  PASSWORD_AND_HASH_BOTH_SET: { status: 400 },
  INVALID_PASSWORD_HASH: { status: 400 },
  PRIMARY_EMAIL_REQUIRED: { status: 400 },
  INVALID_PROFILE_IMAGE: { status: 400 },
  IMAGE_NOT_FOUND: { status: 404 },
  OTP_NOT_ENABLED: { status: 403 },
  USER_ALREADY_HAS_PASSWORD: { status: 400 },
  MAGIC_LINK_NOT_ENABLED: { status: 403 },
  API_KEYS_NOT_ENABLED: { status: 400 },
  INVALID_CLI_LOGIN_CODE: { status: 400 },
  INVALID_ANON_REFRESH_TOKEN: { status: 400 },
  NO_ANONYMOUS_CLI_SESSION: { status: 400 },
  REFRESH_TOKEN_REQUIRED: { status: 400 },
  INVALID_REFRESH_TOKEN: { status: 400 },
  CROSS_DOMAIN_REFRESH_TOKEN_REQUIRED: { status: 400 },
  CROSS_DOMAIN_REFRESH_TOKEN_MISMATCH: { status: 401 },
  OAUTH_FLOW_NOT_FOUND: { status: 404 },
  INVALID_EMAIL: { status: 400 },
  SESSION_NOT_FOUND: { status: 404 },
  /** GET /contact-channels/{user}/{id} and its send-verification-code: no such channel of the user (Stack: 404). */
  CONTACT_CHANNEL_NOT_FOUND: { status: 404 },
  /** PATCH and DELETE /contact-channels/{user}/{id}: no such channel of the user (Stack answers these 400, not 404). */
  CONTACT_CHANNEL_TO_CHANGE_NOT_FOUND: { status: 400 },
  /** POST /contact-channels: the user has a channel of that type and value already (Stack: 400). */
  CONTACT_CHANNEL_ALREADY_EXISTS: { status: 400 },
  EMAIL_TEMPLATE_NOT_FOUND: { status: 404 },
  /** /internal/email-themes/{id}: the project has no theme with the id. */
  EMAIL_THEME_NOT_FOUND: { status: 404 },
  /** POST /internal/email-themes: the project has as many themes of its own as one may keep. */
  EMAIL_THEME_LIMIT_REACHED: { status: 400 },
  /** DELETE /internal/email-themes/{id}: the project's mails use this theme. */
  EMAIL_THEME_IN_USE: { status: 400 },
  /** DELETE /internal/email-themes/{id}: the built-in themes stay. */
  EMAIL_THEME_BUILT_IN: { status: 400 },
  /** GET/POST /internal/emails/{id}: no mail of this project has the id. */
  EMAIL_NOT_FOUND: { status: 404 },
  /** POST /internal/emails/{id}/resend: the mail was delivered or given up, and its body is gone. */
  EMAIL_BODY_NOT_KEPT: { status: 409 },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404 },
  INTERNAL_API_KEY_NOT_FOUND: { status: 404 },
  PROJECT_OWNED_BY_INSTANCE: { status: 400 },
  PROJECT_CREATION_NOT_ALLOWED: { status: 403 },
  PROJECT_NOT_FOUND: { status: 404 },
  QUERY_PARAMETER_REQUIRED: { status: 400 },
  OAUTH_ACCOUNT_NOT_FOUND: { status: 404 },
  OAUTH_PROVIDER_NOT_CONFIGURED: { status: 404 },
  OAUTH_ACCOUNT_CONFLICT: { status: 400 },
} as const satisfies Record<string, { readonly status: number }>;
export type StatusErrorCode = keyof typeof statusErrors;
