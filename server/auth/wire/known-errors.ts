import { HttpError } from "../../lib/errors.ts";

/**
 * Stack's known errors: only codes the official SDK knows (it rejects any other code), with the
 * statuses and `details` fields its error classes read back. Messages follow the recorded server
 * where a sample exists (tests/auth-http/fixtures/stack-wire-samples.json and its -extended companion).
 */
const known = (status: number, code: string, message: string, details?: Record<string, unknown>) =>
  new HttpError(status, code, message, details);

export const KnownErrors = {
  schemaError: (message: string) => known(400, "SCHEMA_ERROR", message, { message }),
  bodyParsingError: (message = "Invalid JSON in request body") => known(400, "BODY_PARSING_ERROR", message),

  accessTypeRequired: () =>
    known(
      400,
      "ACCESS_TYPE_REQUIRED",
      "You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.\n\nFor more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication",
    ),
  projectKeyWithoutAccessType: () =>
    known(
      400,
      "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
      "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate.",
    ),
  invalidAccessType: (accessType: string) =>
    known(
      400,
      "INVALID_ACCESS_TYPE",
      `The x-stack-access-type header must be 'client', 'server', or 'admin', but was '${accessType}'.`,
      { accessType },
    ),
  accessTypeWithoutProjectId: (accessType: string) =>
    known(
      400,
      "ACCESS_TYPE_WITHOUT_PROJECT_ID",
      `The x-stack-access-type header was '${accessType}', but the x-stack-project-id header was not provided.\n\nFor more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication`,
      { request_type: accessType },
    ),
  currentProjectNotFound: (projectId: string) =>
    known(
      400,
      "CURRENT_PROJECT_NOT_FOUND",
      `The current project with ID ${projectId} was not found. Please check the value of the x-stack-project-id header.`,
      {
        project_id: projectId,
      },
    ),
  branchDoesNotExist: (branchId: string) =>
    known(400, "BRANCH_DOES_NOT_EXIST", `The branch with ID ${branchId} does not exist.`, { branch_id: branchId }),
  publishableClientKeyRequired: (projectId: string) =>
    known(
      401,
      "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
      "Publishable client keys are required for this project. Create one in Project Keys, or disable this requirement there to allow keyless client access.",
      { project_id: projectId },
    ),
  invalidPublishableClientKey: (projectId: string) =>
    known(
      401,
      "INVALID_PUBLISHABLE_CLIENT_KEY",
      `The publishable key is not valid for the project "${projectId}". Does the project and/or the key exist?`,
      { project_id: projectId },
    ),
  serverAuthenticationRequired: () =>
    known(401, "SERVER_AUTHENTICATION_REQUIRED", "The secret server key must be provided."),
  invalidSecretServerKey: (projectId: string) =>
    known(
      401,
      "INVALID_SECRET_SERVER_KEY",
      `The secret server key is not valid for the project "${projectId}". Does the project and/or the key exist?`,
      { project_id: projectId },
    ),
  adminAuthenticationRequired: () =>
    known(401, "ADMIN_AUTHENTICATION_REQUIRED", "The super secret admin key must be provided."),
  invalidSuperSecretAdminKey: (projectId: string) =>
    known(
      401,
      "INVALID_SUPER_SECRET_ADMIN_KEY",
      `The super secret admin key is not valid for the project "${projectId}". Does the project and/or the key exist?`,
      { project_id: projectId },
    ),
  insufficientAccessType: (actual: string, allowed: string[]) =>
    known(
      401,
      "INSUFFICIENT_ACCESS_TYPE",
      `The x-stack-access-type header must be ${allowed.map((a) => `'${a}'`).join(" or ")}, but was '${actual}'.`,
      { actual_access_type: actual, allowed_access_types: allowed },
    ),

  unparsableAccessToken: () => known(401, "UNPARSABLE_ACCESS_TOKEN", "Access token is not parsable."),
  accessTokenExpired: (details: {
    expired_at_millis: number | null;
    project_id: string;
    user_id: string;
    refresh_token_id: string;
  }) =>
    known(
      401,
      "ACCESS_TOKEN_EXPIRED",
      `Access token has expired. Please refresh it and try again.${details.expired_at_millis ? ` (The access token expired at ${new Date(details.expired_at_millis).toISOString()}.)` : ""}`,
      details,
    ),
  invalidProjectForAccessToken: (expected: string, actual: string) =>
    known(
      401,
      "INVALID_PROJECT_FOR_ACCESS_TOKEN",
      `Access token not valid for this project. Expected project ID ${JSON.stringify(expected)}, but the token is for project ID ${JSON.stringify(actual)}.`,
      { expected_project_id: expected, actual_project_id: actual },
    ),
  anonymousAuthenticationNotAllowed: () =>
    known(
      401,
      "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED",
      "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users.",
    ),

  refreshTokenNotFoundOrExpired: () =>
    known(
      401,
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      "Refresh token not found for this project, or the session has expired/been revoked.",
    ),
  cannotDeleteCurrentSession: () => known(400, "CANNOT_DELETE_CURRENT_SESSION", "Cannot delete the current session."),

  userEmailAlreadyExists: (email: string, wouldWorkIfEmailWasVerified = false) =>
    known(409, "USER_EMAIL_ALREADY_EXISTS", `A user with email "${email}" already exists.`, {
      email,
      would_work_if_email_was_verified: wouldWorkIfEmailWasVerified,
    }),
  cannotGetOwnUserWithoutUser: () =>
    known(
      400,
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      "You have specified 'me' as a userId, but did not provide authentication for a user.",
    ),
  userNotFound: () => known(404, "USER_NOT_FOUND", "User not found."),
  expectedInternalProject: () => known(401, "EXPECTED_INTERNAL_PROJECT", "The project ID is expected to be internal."),
  userAuthenticationRequired: () =>
    known(401, "USER_AUTHENTICATION_REQUIRED", "User authentication required for this endpoint."),

  signUpNotEnabled: () =>
    known(
      400,
      "SIGN_UP_NOT_ENABLED",
      "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.",
    ),
  passwordAuthenticationNotEnabled: () =>
    known(400, "PASSWORD_AUTHENTICATION_NOT_ENABLED", "Password authentication is not enabled for this project."),
  anonymousAccountsNotEnabled: () =>
    known(400, "ANONYMOUS_ACCOUNTS_NOT_ENABLED", "Anonymous accounts are not enabled for this project."),
  emailPasswordMismatch: () => known(400, "EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."),
  redirectUrlNotWhitelisted: () =>
    known(
      400,
      "REDIRECT_URL_NOT_WHITELISTED",
      "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?",
    ),
  passwordTooShort: (minLength: number) =>
    known(400, "PASSWORD_TOO_SHORT", `Password too short. Minimum length is ${minLength}.`, { min_length: minLength }),
  // The SDK's PasswordTooLong reads details.maxLength (camelCase), unlike every other error.
  passwordTooLong: (maxLength: number) =>
    known(400, "PASSWORD_TOO_LONG", `Password too long. Maximum length is ${maxLength}.`, { maxLength }),
  userDoesNotHavePassword: () =>
    known(400, "USER_DOES_NOT_HAVE_PASSWORD", "This user does not have password authentication enabled."),
  passwordConfirmationMismatch: () => known(400, "PASSWORD_CONFIRMATION_MISMATCH", "Passwords do not match."),

  multiFactorAuthenticationRequired: (attemptCode: string) =>
    known(400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "Multi-factor authentication is required for this user.", {
      attempt_code: attemptCode,
    }),
  invalidTotpCode: () => known(400, "INVALID_TOTP_CODE", "The TOTP code is invalid. Please try again."),

  invalidPollingCode: () => known(400, "INVALID_POLLING_CODE", "The polling code is invalid or does not exist."),

  verificationCodeNotFound: () =>
    known(404, "VERIFICATION_CODE_NOT_FOUND", "The verification code does not exist for this project."),
  verificationCodeExpired: () => known(400, "VERIFICATION_CODE_EXPIRED", "The verification code has expired."),
  verificationCodeAlreadyUsed: () =>
    known(409, "VERIFICATION_CODE_ALREADY_USED", "The verification link has already been used."),
  verificationCodeMaxAttemptsReached: () =>
    known(
      400,
      "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
      "The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.",
    ),

  emailAlreadyVerified: () => known(409, "EMAIL_ALREADY_VERIFIED", "The e-mail is already verified."),
  emailIsNotPrimaryEmail: (email: string, primaryEmail: string | null) =>
    known(
      400,
      "EMAIL_IS_NOT_PRIMARY_EMAIL",
      `The given e-mail (${email}) must equal the user's primary e-mail (${primaryEmail}).`,
      { email, primary_email: primaryEmail },
    ),
  invalidOAuthClientIdOrSecret: (clientId?: string) =>
    known(
      400,
      "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
      "The OAuth client ID or secret is invalid. The client ID must be equal to the project ID (potentially with a hash and a branch ID), and the client secret must be a publishable client key.",
      { client_id: clientId ?? null },
    ),
  invalidAuthorizationCode: () => known(400, "INVALID_AUTHORIZATION_CODE", "The given authorization code is invalid."),
  oauthProviderNotFoundOrNotEnabled: () =>
    known(400, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", "The OAuth provider is not found or not enabled."),
  oauthProviderAccessDenied: () =>
    known(400, "OAUTH_PROVIDER_ACCESS_DENIED", "The OAuth provider denied access to the user."),
  outerOAuthTimeout: () => known(408, "OUTER_OAUTH_TIMEOUT", "The OAuth flow has timed out. Please sign in again."),
  oauthConnectionAlreadyConnectedToAnotherUser: () =>
    known(
      409,
      "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
      "The OAuth connection is already connected to another user.",
    ),
  teamMembershipNotFound: (teamId: string, userId: string) =>
    known(404, "TEAM_MEMBERSHIP_NOT_FOUND", `User ${userId} is not found in team ${teamId}.`, {
      team_id: teamId,
      user_id: userId,
    }),
  wrongPermissionScope: (permissionId: string, expectedScope: string, actualScope: string) =>
    known(
      404,
      "WRONG_PERMISSION_SCOPE",
      `Permission "${permissionId}" not found. (It was found for a different scope "${actualScope}", but scope "${expectedScope}" was expected.)`,
      { permission_id: permissionId, expected_scope: expectedScope, actual_scope: actualScope },
    ),
  permissionNotFound: (permissionId: string) =>
    known(
      404,
      "PERMISSION_NOT_FOUND",
      `Permission "${permissionId}" not found. Make sure you created it on the dashboard.`,
      {
        permission_id: permissionId,
      },
    ),
  passkeyAuthenticationNotEnabled: () =>
    known(400, "PASSKEY_AUTHENTICATION_NOT_ENABLED", "Passkey authentication is not enabled for this project."),
  passkeyRegistrationFailed: (message: string) => known(400, "PASSKEY_REGISTRATION_FAILED", message, { message }),
  passkeyAuthenticationFailed: (message: string) => known(400, "PASSKEY_AUTHENTICATION_FAILED", message, { message }),
  permissionIdAlreadyExists: (permissionId: string) =>
    known(
      400,
      "PERMISSION_ID_ALREADY_EXISTS",
      `Permission with ID "${permissionId}" already exists. Choose a different ID.`,
      {
        permission_id: permissionId,
      },
    ),
  containedPermissionNotFound: (permissionId: string) =>
    known(
      400,
      "CONTAINED_PERMISSION_NOT_FOUND",
      `Contained permission with ID "${permissionId}" not found. Make sure you created it on the dashboard.`,
      { permission_id: permissionId },
    ),
  teamMembershipAlreadyExists: () => known(409, "TEAM_MEMBERSHIP_ALREADY_EXISTS", "Team membership already exists."),
  teamPermissionRequired: (teamId: string, userId: string, permissionId: string) =>
    known(
      401,
      "TEAM_PERMISSION_REQUIRED",
      `User ${userId} does not have permission ${permissionId} in team ${teamId}.`,
      {
        team_id: teamId,
        user_id: userId,
        permission_id: permissionId,
      },
    ),
  projectPermissionRequired: (userId: string, permissionId: string) =>
    known(401, "PROJECT_PERMISSION_REQUIRED", `User ${userId} does not have permission ${permissionId}.`, {
      user_id: userId,
      permission_id: permissionId,
    }),
  teamInvitationRestrictedUserNotAllowed: (reason: { type: string }) =>
    known(
      403,
      "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED",
      `Restricted users cannot accept team invitations. Reason: ${reason.type}. Please complete the onboarding process before accepting team invitations.`,
      { restricted_reason: reason },
    ),
  teamInvitationEmailMismatch: () =>
    known(
      403,
      "TEAM_INVITATION_EMAIL_MISMATCH",
      "This team invitation was sent to a different email address. Sign in with the invited email, or add and verify that email on your account, then try again.",
    ),
  apiKeyNotFound: () => known(404, "API_KEY_NOT_FOUND", "API key not found."),
  apiKeyExpired: () => known(401, "API_KEY_EXPIRED", "API key has expired."),
  apiKeyRevoked: () => known(401, "API_KEY_REVOKED", "API key has been revoked."),
  wrongApiKeyType: (expectedType: string, actualType: string) =>
    known(
      400,
      "WRONG_API_KEY_TYPE",
      `This endpoint is for ${expectedType} API keys, but a ${actualType} API key was provided.`,
      { expected_type: expectedType, actual_type: actualType },
    ),
  publicApiKeyCannotBeRevoked: () =>
    known(400, "PUBLIC_API_KEY_CANNOT_BE_REVOKED", "Public API keys cannot be revoked by the secretscanner endpoint."),
  oauthConnectionNotConnectedToUser: () =>
    known(400, "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", "The OAuth connection is not connected to any user."),
  oauthConnectionDoesNotHaveRequiredScope: () =>
    known(
      400,
      "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
      "The OAuth connection does not have the required scope.",
    ),
  oauthAccessTokenNotAvailable: (provider: string, details: string) =>
    known(
      400,
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
      `Failed to retrieve an OAuth access token for the connected account (provider: ${provider}). ${details}`,
      { provider, details },
    ),
  oauthAccessTokenNotAvailableWithSharedOAuthKeys: () =>
    known(
      400,
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
      "Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use access tokens.",
    ),
  userIdDoesNotExist: (userId: string) =>
    known(400, "USER_ID_DOES_NOT_EXIST", `The given user with the ID ${userId} does not exist.`, { user_id: userId }),
  analyticsNotEnabled: () => known(400, "ANALYTICS_NOT_ENABLED", "Analytics is not enabled for this project."),
} as const;

export function restrictedUserNotAllowed(reason: { type: string }) {
  return new HttpError(
    403,
    "RESTRICTED_USER_NOT_ALLOWED",
    `The user in the access token is in restricted state. Reason: ${reason.type}. Please pass the X-Stack-Allow-Restricted-User header if this is intended.`,
    { restricted_reason: reason },
  );
}

export function teamNotFound(teamId: string) {
  return new HttpError(404, "TEAM_NOT_FOUND", `Team ${teamId} not found.`, { team_id: teamId });
}

export function contactChannelAlreadyUsedForAuth(value: string) {
  return new HttpError(
    409,
    "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    `This email "(${value})" is already used for authentication by another account.`,
    { type: "email", contact_channel_value: value, would_work_if_email_was_verified: false },
  );
}
