import type { KnownErrorCode } from "../../contract/auth-errors.ts";
import { HttpError } from "../../lib/errors.ts";

/**
 * Stack's known errors: codes Stack's server answers with (the client SDK rejects any code it does
 * not know), with the `details` fields its error classes read back; statuses come from the registry
 * (server/contract/auth-errors.ts). Messages follow the recorded server where a sample exists
 * (tests/auth-http/fixtures/stack-wire-samples.json and its -extended companion). The only way the
 * auth service makes an HttpError: a code outside the registry fails the type check.
 */
const known = (code: KnownErrorCode, message: string, details?: Record<string, unknown>) =>
  new HttpError(code, message, details);

export const KnownErrors = {
  schemaError: (message: string) => known("SCHEMA_ERROR", message, { message }),
  bodyParsingError: (message = "Invalid JSON in request body") => known("BODY_PARSING_ERROR", message),

  accessTypeRequired: () =>
    known(
      "ACCESS_TYPE_REQUIRED",
      "You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.\n\nFor more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication",
    ),
  projectKeyWithoutAccessType: () =>
    known(
      "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
      "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate.",
    ),
  invalidAccessType: (accessType: string) =>
    known(
      "INVALID_ACCESS_TYPE",
      `The x-stack-access-type header must be 'client', 'server', or 'admin', but was '${accessType}'.`,
      { accessType },
    ),
  accessTypeWithoutProjectId: (accessType: string) =>
    known(
      "ACCESS_TYPE_WITHOUT_PROJECT_ID",
      `The x-stack-access-type header was '${accessType}', but the x-stack-project-id header was not provided.\n\nFor more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication`,
      { request_type: accessType },
    ),
  currentProjectNotFound: (projectId: string) =>
    known(
      "CURRENT_PROJECT_NOT_FOUND",
      `The current project with ID ${projectId} was not found. Please check the value of the x-stack-project-id header.`,
      {
        project_id: projectId,
      },
    ),
  branchDoesNotExist: (branchId: string) =>
    known("BRANCH_DOES_NOT_EXIST", `The branch with ID ${branchId} does not exist.`, { branch_id: branchId }),
  publishableClientKeyRequired: (projectId: string) =>
    known(
      "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
      "Publishable client keys are required for this project. Create one in Project Keys, or disable this requirement there to allow keyless client access.",
      { project_id: projectId },
    ),
  invalidPublishableClientKey: (projectId: string) =>
    known(
      "INVALID_PUBLISHABLE_CLIENT_KEY",
      `The publishable key is not valid for the project "${projectId}". Does the project and/or the key exist?`,
      { project_id: projectId },
    ),
  serverAuthenticationRequired: () =>
    known("SERVER_AUTHENTICATION_REQUIRED", "The secret server key must be provided."),
  invalidSecretServerKey: (projectId: string) =>
    known(
      "INVALID_SECRET_SERVER_KEY",
      `The secret server key is not valid for the project "${projectId}". Does the project and/or the key exist?`,
      { project_id: projectId },
    ),
  adminAuthenticationRequired: () =>
    known("ADMIN_AUTHENTICATION_REQUIRED", "The super secret admin key must be provided."),
  invalidSuperSecretAdminKey: (projectId: string) =>
    known(
      "INVALID_SUPER_SECRET_ADMIN_KEY",
      `The super secret admin key is not valid for the project "${projectId}". Does the project and/or the key exist?`,
      { project_id: projectId },
    ),
  insufficientAccessType: (actual: string, allowed: string[]) =>
    known(
      "INSUFFICIENT_ACCESS_TYPE",
      `The x-stack-access-type header must be ${allowed.map((a) => `'${a}'`).join(" or ")}, but was '${actual}'.`,
      { actual_access_type: actual, allowed_access_types: allowed },
    ),

  unparsableAccessToken: () => known("UNPARSABLE_ACCESS_TOKEN", "Access token is not parsable."),
  accessTokenExpired: (details: {
    expired_at_millis: number | null;
    project_id: string;
    user_id: string;
    refresh_token_id: string;
  }) =>
    known(
      "ACCESS_TOKEN_EXPIRED",
      `Access token has expired. Please refresh it and try again.${details.expired_at_millis ? ` (The access token expired at ${new Date(details.expired_at_millis).toISOString()}.)` : ""}`,
      details,
    ),
  invalidProjectForAccessToken: (expected: string, actual: string) =>
    known(
      "INVALID_PROJECT_FOR_ACCESS_TOKEN",
      `Access token not valid for this project. Expected project ID ${JSON.stringify(expected)}, but the token is for project ID ${JSON.stringify(actual)}.`,
      { expected_project_id: expected, actual_project_id: actual },
    ),
  anonymousAuthenticationNotAllowed: () =>
    known(
      "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED",
      "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users.",
    ),

  refreshTokenNotFoundOrExpired: () =>
    known(
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      "Refresh token not found for this project, or the session has expired/been revoked.",
    ),
  cannotDeleteCurrentSession: () => known("CANNOT_DELETE_CURRENT_SESSION", "Cannot delete the current session."),

  userEmailAlreadyExists: (email: string, wouldWorkIfEmailWasVerified = false) =>
    known(
      "USER_EMAIL_ALREADY_EXISTS",
      `A user with email ${JSON.stringify(email)} already exists${
        wouldWorkIfEmailWasVerified
          ? " but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method."
          : "."
      }`,
      {
        email,
        would_work_if_email_was_verified: wouldWorkIfEmailWasVerified,
      },
    ),
  cannotGetOwnUserWithoutUser: () =>
    known(
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      "You have specified 'me' as a userId, but did not provide authentication for a user.",
    ),
  userNotFound: () => known("USER_NOT_FOUND", "User not found."),
  expectedInternalProject: () => known("EXPECTED_INTERNAL_PROJECT", "The project ID is expected to be internal."),
  userAuthenticationRequired: () =>
    known("USER_AUTHENTICATION_REQUIRED", "User authentication required for this endpoint."),

  signUpNotEnabled: () =>
    known(
      "SIGN_UP_NOT_ENABLED",
      "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.",
    ),
  /** Stack's code, so the SDKs know it; the console's own project, before its first operator exists. */
  setupPending: () =>
    known(
      "SIGN_UP_NOT_ENABLED",
      "This instance is not set up yet: its operator must first open the setup link the server printed.",
    ),
  passwordAuthenticationNotEnabled: () =>
    known("PASSWORD_AUTHENTICATION_NOT_ENABLED", "Password authentication is not enabled for this project."),
  anonymousAccountsNotEnabled: () =>
    known("ANONYMOUS_ACCOUNTS_NOT_ENABLED", "Anonymous accounts are not enabled for this project."),
  emailPasswordMismatch: () => known("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."),
  redirectUrlNotWhitelisted: () =>
    known(
      "REDIRECT_URL_NOT_WHITELISTED",
      "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?",
    ),
  passwordTooShort: (minLength: number) =>
    known("PASSWORD_TOO_SHORT", `Password too short. Minimum length is ${minLength}.`, { min_length: minLength }),
  // The SDK's PasswordTooLong reads details.maxLength (camelCase), unlike every other error.
  passwordTooLong: (maxLength: number) =>
    known("PASSWORD_TOO_LONG", `Password too long. Maximum length is ${maxLength}.`, { maxLength }),
  userDoesNotHavePassword: () =>
    known("USER_DOES_NOT_HAVE_PASSWORD", "This user does not have password authentication enabled."),
  passwordConfirmationMismatch: () => known("PASSWORD_CONFIRMATION_MISMATCH", "Passwords do not match."),

  multiFactorAuthenticationRequired: (attemptCode: string) =>
    known("MULTI_FACTOR_AUTHENTICATION_REQUIRED", "Multi-factor authentication is required for this user.", {
      attempt_code: attemptCode,
    }),
  invalidTotpCode: () => known("INVALID_TOTP_CODE", "The TOTP code is invalid. Please try again."),

  invalidPollingCode: () => known("INVALID_POLLING_CODE", "The polling code is invalid or does not exist."),

  verificationCodeNotFound: () =>
    known("VERIFICATION_CODE_NOT_FOUND", "The verification code does not exist for this project."),
  verificationCodeExpired: () => known("VERIFICATION_CODE_EXPIRED", "The verification code has expired."),
  verificationCodeAlreadyUsed: () =>
    known("VERIFICATION_CODE_ALREADY_USED", "The verification link has already been used."),
  verificationCodeMaxAttemptsReached: () =>
    known(
      "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
      "The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.",
    ),

  emailAlreadyVerified: () => known("EMAIL_ALREADY_VERIFIED", "The e-mail is already verified."),
  emailIsNotPrimaryEmail: (email: string, primaryEmail: string | null) =>
    known(
      "EMAIL_IS_NOT_PRIMARY_EMAIL",
      `The given e-mail (${email}) must equal the user's primary e-mail (${primaryEmail}).`,
      { email, primary_email: primaryEmail },
    ),
  invalidOAuthClientIdOrSecret: (clientId?: string) =>
    known(
      "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
      "The OAuth client ID or secret is invalid. The client ID must be equal to the project ID (potentially with a hash and a branch ID), and the client secret must be a publishable client key.",
      { client_id: clientId ?? null },
    ),
  invalidAuthorizationCode: () => known("INVALID_AUTHORIZATION_CODE", "The given authorization code is invalid."),
  oauthProviderNotFoundOrNotEnabled: () =>
    known("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", "The OAuth provider is not found or not enabled."),
  appleBundleIdNotConfigured: () =>
    known(
      "APPLE_BUNDLE_ID_NOT_CONFIGURED",
      "Apple Sign In is enabled, but no Bundle IDs are configured. Please add your app's Bundle ID in the Stack Auth dashboard under OAuth Providers > Apple > Apple Bundle IDs.",
    ),
  invalidAppleCredentials: () =>
    known(
      "INVALID_APPLE_CREDENTIALS",
      "The Apple Sign In credentials could not be verified. Please try signing in again.",
    ),
  oauthProviderAccessDenied: () =>
    known("OAUTH_PROVIDER_ACCESS_DENIED", "The OAuth provider denied access to the user."),
  oidcDiscoveryFailed: (issuer: string) =>
    known("OIDC_DISCOVERY_FAILED", `The OpenID provider at ${issuer} did not answer with its configuration.`),
  oidcIssuerMismatch: () =>
    known("OIDC_ISSUER_MISMATCH", "The answer came from another OpenID provider than the one this sign-in went to."),
  oidcIdTokenInvalid: () =>
    known("OIDC_ID_TOKEN_INVALID", "The OpenID provider's ID token is not valid (signature, audience or expiry)."),
  oidcNonceMismatch: () =>
    known("OIDC_NONCE_MISMATCH", "The ID token was not issued for this sign-in (its nonce does not match)."),
  oidcEmailDomainNotAllowed: () =>
    known("OIDC_EMAIL_DOMAIN_NOT_ALLOWED", "This provider signs in only verified addresses of the allowed domains."),
  oidcSignUpDisabled: () =>
    known("OIDC_SIGN_UP_DISABLED", "This provider signs in existing users only; ask an administrator for an account."),
  ssoRequiresLinkedAdmin: () =>
    known(
      "SSO_REQUIRES_LINKED_ADMIN",
      "Password sign-in stays on until your own account is linked to one of the project's single sign-on providers.",
    ),
  outerOAuthTimeout: () => known("OUTER_OAUTH_TIMEOUT", "The OAuth flow has timed out. Please sign in again."),
  oauthConnectionAlreadyConnectedToAnotherUser: () =>
    known(
      "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
      "The OAuth connection is already connected to another user.",
    ),
  teamMembershipNotFound: (teamId: string, userId: string) =>
    known("TEAM_MEMBERSHIP_NOT_FOUND", `User ${userId} is not found in team ${teamId}.`, {
      team_id: teamId,
      user_id: userId,
    }),
  wrongPermissionScope: (permissionId: string, expectedScope: string, actualScope: string) =>
    known(
      "WRONG_PERMISSION_SCOPE",
      `Permission "${permissionId}" not found. (It was found for a different scope "${actualScope}", but scope "${expectedScope}" was expected.)`,
      { permission_id: permissionId, expected_scope: expectedScope, actual_scope: actualScope },
    ),
  permissionNotFound: (permissionId: string) =>
    known(
      "PERMISSION_NOT_FOUND",
      `Permission "${permissionId}" not found. Make sure you created it on the dashboard.`,
      {
        permission_id: permissionId,
      },
    ),
  passkeyAuthenticationNotEnabled: () =>
    known("PASSKEY_AUTHENTICATION_NOT_ENABLED", "Passkey authentication is not enabled for this project."),
  passkeyRegistrationFailed: (message: string) => known("PASSKEY_REGISTRATION_FAILED", message, { message }),
  passkeyAuthenticationFailed: (message: string) => known("PASSKEY_AUTHENTICATION_FAILED", message, { message }),
  permissionIdAlreadyExists: (permissionId: string) =>
    known(
      "PERMISSION_ID_ALREADY_EXISTS",
      `Permission with ID "${permissionId}" already exists. Choose a different ID.`,
      {
        permission_id: permissionId,
      },
    ),
  containedPermissionNotFound: (permissionId: string) =>
    known(
      "CONTAINED_PERMISSION_NOT_FOUND",
      `Contained permission with ID "${permissionId}" not found. Make sure you created it on the dashboard.`,
      { permission_id: permissionId },
    ),
  teamMembershipAlreadyExists: () => known("TEAM_MEMBERSHIP_ALREADY_EXISTS", "Team membership already exists."),
  teamPermissionRequired: (teamId: string, userId: string, permissionId: string) =>
    known("TEAM_PERMISSION_REQUIRED", `User ${userId} does not have permission ${permissionId} in team ${teamId}.`, {
      team_id: teamId,
      user_id: userId,
      permission_id: permissionId,
    }),
  projectPermissionRequired: (userId: string, permissionId: string) =>
    known("PROJECT_PERMISSION_REQUIRED", `User ${userId} does not have permission ${permissionId}.`, {
      user_id: userId,
      permission_id: permissionId,
    }),
  teamInvitationRestrictedUserNotAllowed: (reason: { type: string }) =>
    known(
      "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED",
      `Restricted users cannot accept team invitations. Reason: ${reason.type}. Please complete the onboarding process before accepting team invitations.`,
      { restricted_reason: reason },
    ),
  teamInvitationEmailMismatch: () =>
    known(
      "TEAM_INVITATION_EMAIL_MISMATCH",
      "This team invitation was sent to a different email address. Sign in with the invited email, or add and verify that email on your account, then try again.",
    ),
  apiKeyNotFound: () => known("API_KEY_NOT_FOUND", "API key not found."),
  apiKeyExpired: () => known("API_KEY_EXPIRED", "API key has expired."),
  apiKeyRevoked: () => known("API_KEY_REVOKED", "API key has been revoked."),
  wrongApiKeyType: (expectedType: string, actualType: string) =>
    known(
      "WRONG_API_KEY_TYPE",
      `This endpoint is for ${expectedType} API keys, but a ${actualType} API key was provided.`,
      { expected_type: expectedType, actual_type: actualType },
    ),
  publicApiKeyCannotBeRevoked: () =>
    known("PUBLIC_API_KEY_CANNOT_BE_REVOKED", "Public API keys cannot be revoked by the secretscanner endpoint."),
  oauthConnectionNotConnectedToUser: () =>
    known("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", "The OAuth connection is not connected to any user."),
  oauthConnectionDoesNotHaveRequiredScope: () =>
    known("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", "The OAuth connection does not have the required scope."),
  oauthAccessTokenNotAvailable: (provider: string, details: string) =>
    known(
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
      `Failed to retrieve an OAuth access token for the connected account (provider: ${provider}). ${details}`,
      { provider, details },
    ),
  oauthAccessTokenNotAvailableWithSharedOAuthKeys: () =>
    known(
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
      "Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use access tokens.",
    ),
  userIdDoesNotExist: (userId: string) =>
    known("USER_ID_DOES_NOT_EXIST", `The given user with the ID ${userId} does not exist.`, { user_id: userId }),
  analyticsNotEnabled: () => known("ANALYTICS_NOT_ENABLED", "Analytics is not enabled for this project."),

  // Stack's dashboard and admin API
  adminAccessTokenIsNotAdmin: () =>
    known(
      "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
      "Admin access token does not have the required permissions to access this project.",
    ),
  adminAccessTokenExpired: (expiredAtMillis: number | null) => {
    // Finite only: a stand-in value must not make the factory throw instead of building the error.
    const when =
      expiredAtMillis !== null && Number.isFinite(expiredAtMillis)
        ? ` (The access token expired at ${new Date(expiredAtMillis).toISOString()}.)`
        : "";
    return known(
      "ADMIN_ACCESS_TOKEN_EXPIRED",
      `Admin access token has expired. Please refresh it and try again.${when}`,
      {
        expired_at_millis: expiredAtMillis,
      },
    );
  },
  unparsableAdminAccessToken: () => known("UNPARSABLE_ADMIN_ACCESS_TOKEN", "Admin access token is not parsable."),
  dataVaultStoreDoesNotExist: (storeId: string) =>
    known("DATA_VAULT_STORE_DOES_NOT_EXIST", `Data vault store with ID ${storeId} does not exist.`, {
      store_id: storeId,
    }),
  dataVaultStoreHashedKeyDoesNotExist: (storeId: string, hashedKey: string) =>
    known(
      "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST",
      `Data vault store with ID ${storeId} does not contain a key with hash ${hashedKey}.`,
      { store_id: storeId, hashed_key: hashedKey },
    ),
  emailTemplateAlreadyExists: () => known("EMAIL_TEMPLATE_ALREADY_EXISTS", "Email template already exists."),
  emailRenderingError: (error: string) =>
    known("EMAIL_RENDERING_ERROR", `Failed to render email with theme: ${error}`, { error }),
  oauthProviderAccountIdAlreadyUsedForSignIn: () =>
    known(
      "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
      "A provider with the same account ID is already used for signing in.",
    ),
  signUpRejected: () => {
    const message = "Your sign up was rejected by an administrator's sign-up rule.";
    return known("SIGN_UP_REJECTED", message, { message });
  },
  /** The webhook portal's bearer token (this service's stand-in for Svix's app portal). */
  webhookPortalTokenInvalid: () =>
    known(
      "WEBHOOK_PORTAL_TOKEN_INVALID",
      "Send a current token from POST /webhooks/svix-token as `Authorization: Bearer <token>`.",
    ),
} as const;

export function restrictedUserNotAllowed(reason: { type: string }) {
  return known(
    "RESTRICTED_USER_NOT_ALLOWED",
    `The user in the access token is in restricted state. Reason: ${reason.type}. Please pass the X-Stack-Allow-Restricted-User header if this is intended.`,
    { restricted_reason: reason },
  );
}

export function teamNotFound(teamId: string) {
  return known("TEAM_NOT_FOUND", `Team ${teamId} not found.`, { team_id: teamId });
}

/** wouldWorkIfEmailWasVerified: the other account's address is unproved (Stack's message then says how to go on). */
export function contactChannelAlreadyUsedForAuth(value: string, wouldWorkIfEmailWasVerified = false) {
  return known(
    "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    `This email "(${value})" is already used for authentication by another account${
      wouldWorkIfEmailWasVerified
        ? " but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method."
        : "."
    }`,
    { type: "email", contact_channel_value: value, would_work_if_email_was_verified: wouldWorkIfEmailWasVerified },
  );
}
