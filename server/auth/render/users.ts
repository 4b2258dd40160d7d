import type { ClientUser, ServerUser } from "../../contract/auth-users.ts";
import { restrictedReasonOf } from "../crypto/tokens.ts";
import type { UserRecord } from "../stores/users.ts";
import { renderClientTeam, renderServerTeam } from "./teams.ts";

/** The user as a client sees it (GET /users/me with client access). */
export function renderClientUser(user: UserRecord): ClientUser {
  const restrictedReason = restrictedReasonOf(user);
  return {
    id: user.id,
    display_name: user.displayName,
    primary_email: user.primaryEmail,
    primary_email_verified: user.primaryEmailVerified,
    profile_image_url: user.profileImageUrl,
    signed_up_at_millis: user.signedUpAt.getTime(),
    client_metadata: user.clientMetadata ?? null,
    client_read_only_metadata: user.clientReadOnlyMetadata ?? null,
    has_password: user.passwordHash !== null,
    otp_auth_enabled: user.otpAuthEnabled,
    auth_with_email: user.passwordHash !== null || user.otpAuthEnabled,
    requires_totp_mfa: user.totpSecret !== null,
    passkey_auth_enabled: user.passkeyAuthEnabled,
    oauth_providers: user.oauthProviders,
    selected_team_id: user.selectedTeam?.id ?? null,
    selected_team: user.selectedTeam && renderClientTeam(user.selectedTeam),
    is_anonymous: user.isAnonymous,
    is_restricted: restrictedReason !== null,
    restricted_reason: restrictedReason,
    restricted_by_admin: user.restrictedByAdmin,
    restricted_by_admin_reason: user.restrictedByAdminReason,
  };
}

/** The full server user (server access, /users/{id}); StackServerApp reads risk_scores.sign_up. */
export function renderServerUser(user: UserRecord): ServerUser {
  return {
    ...renderClientUser(user),
    selected_team: user.selectedTeam && renderServerTeam(user.selectedTeam),
    primary_email_auth_enabled: user.primaryEmailAuthEnabled,
    server_metadata: user.serverMetadata ?? null,
    last_active_at_millis: user.lastActiveAt.getTime(),
    restricted_by_admin_private_details: user.restrictedByAdminPrivateDetails,
    country_code: user.countryCode,
    risk_scores: { sign_up: { bot: user.signUpRiskBot, free_trial_abuse: user.signUpRiskFreeTrialAbuse } },
  };
}
