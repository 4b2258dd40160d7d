import { z } from "zod";
import { checkPasswordRequirements, isImportablePasswordHash } from "../../crypto/passwords.ts";
import { StatusError } from "../../errors/status-error.ts";
import { isUsableTotpSecret } from "../../sign-in/totp.ts";
import type { Json } from "../../stores/json.ts";
import type { UserChanges } from "../../stores/users.ts";
import { displayNameSchema, emailSchema, metadataSchema, profileImageUrlSchema } from "../../wire/schemas.ts";

/** What a client may change about itself (PATCH /users/me with client access). */
export const clientUserUpdate = z.strictObject({
  display_name: displayNameSchema.optional(),
  profile_image_url: profileImageUrlSchema.optional(),
  client_metadata: metadataSchema.optional(),
  selected_team_id: z.string().nullable().optional(),
  otp_auth_enabled: z.boolean().optional(),
  passkey_auth_enabled: z.boolean().optional(),
  primary_email: emailSchema.nullable().optional(),
  totp_secret_base64: z
    .string()
    .refine((v) => v === "" || /^[A-Za-z0-9+/]+={0,2}$/.test(v), { message: "is not valid base64" })
    .nullable()
    .optional(),
});

/**
 * Addresses the server may set: anything shaped like an address (Stack's server accepts what its
 * stricter sign-up check refuses, e.g. imported data), still bounded and without spaces.
 */
const serverEmailSchema = z
  .string()
  .trim()
  .max(320)
  .refine((v) => /^[^\s@]+@[^\s@]+$/.test(v), { message: "is not a valid e-mail address" });

/** What server access may set on any user (POST /users, PATCH /users/{id}). */
const riskScore = z.number().int().min(0).max(100);

export const serverUserFields = z.strictObject({
  ...clientUserUpdate.shape,
  primary_email: serverEmailSchema.nullable().optional(),
  client_read_only_metadata: metadataSchema.optional(),
  server_metadata: metadataSchema.optional(),
  primary_email_auth_enabled: z.boolean().optional(),
  primary_email_verified: z.boolean().optional(),
  password: z.string().nullable().optional(),
  password_hash: z.string().nullable().optional(),
  restricted_by_admin: z.boolean().optional(),
  restricted_by_admin_reason: z.string().max(1000).nullable().optional(),
  restricted_by_admin_private_details: z.string().max(1000).nullable().optional(),
  country_code: z.string().max(2).nullable().optional(),
  risk_scores: z.strictObject({ sign_up: z.strictObject({ bot: riskScore, free_trial_abuse: riskScore }) }).optional(),
  // A user can stop being anonymous, never become it.
  is_anonymous: z.literal(false).optional(),
});

/** The fields of a request; POST /users also lets `is_anonymous` be true. */
type ServerFields = Omit<z.infer<typeof serverUserFields>, "is_anonymous"> & { is_anonymous?: boolean };

/**
 * Stack's consistency rule: an administrator's reason and private details only go with
 * restricted_by_admin true in the same request (an empty string counts as none). Setting the flag
 * false clears both (users.ts `update`).
 */
function restrictionConsistency(input: Partial<ServerFields>, ctx: z.RefinementCtx): void {
  if (input.restricted_by_admin === true) return;
  for (const field of ["restricted_by_admin_reason", "restricted_by_admin_private_details"] as const) {
    if (input[field]) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: "must be null when restricted_by_admin is not true",
      });
    }
  }
}

/** PATCH /users/{id} and /users/me with server access. */
export const serverUserUpdate = serverUserFields.superRefine(restrictionConsistency);

/** POST /users: the server may also create an anonymous user (as Stack's server does). */
export const serverUserCreate = serverUserFields
  .extend({ is_anonymous: z.boolean().optional() })
  .superRefine(restrictionConsistency);

/** What a new user cannot start with: a channel flag without the channel. */
export function checkNewUser(input: Partial<ServerFields>): void {
  checkPrimaryEmailFlags(input, null);
}

/**
 * A primary e-mail flag set true needs a primary e-mail: the one of the request, or else the
 * user's (`existing`). Setting one false without an address changes nothing and is allowed.
 */
export function checkPrimaryEmailFlags(input: Partial<ServerFields>, existing: string | null): void {
  if (input.primary_email === undefined ? existing : input.primary_email) return;
  if (input.primary_email_auth_enabled) {
    throw new StatusError("PRIMARY_EMAIL_REQUIRED", "primary_email_auth_enabled cannot be true without primary_email");
  }
  if (input.primary_email_verified) {
    throw new StatusError("PRIMARY_EMAIL_REQUIRED", "primary_email_verified cannot be true without primary_email");
  }
}

/** Maps request fields to store changes; features this server lacks are refused explicitly. */
export function toUserChanges(input: Partial<ServerFields>): UserChanges {
  if (input.totp_secret_base64 && !isUsableTotpSecret(input.totp_secret_base64)) {
    throw new StatusError("INVALID_TOTP_SECRET", "totp_secret_base64 must be base64 of at least 10 bytes.");
  }
  if (input.password_hash !== undefined && input.password_hash !== null) {
    if (input.password !== undefined) {
      throw new StatusError(
        "PASSWORD_AND_HASH_BOTH_SET",
        "Cannot set both password and password_hash at the same time.",
      );
    }
    if (!isImportablePasswordHash(input.password_hash)) {
      throw new StatusError(
        "INVALID_PASSWORD_HASH",
        "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
      );
    }
  }
  if (typeof input.password === "string") checkPasswordRequirements(input.password);
  return {
    // An empty name is no name.
    displayName: input.display_name === "" ? null : input.display_name,
    profileImageUrl: input.profile_image_url,
    clientMetadata: input.client_metadata as Json | undefined,
    clientReadOnlyMetadata: input.client_read_only_metadata as Json | undefined,
    serverMetadata: input.server_metadata as Json | undefined,
    otpAuthEnabled: input.otp_auth_enabled,
    passkeyAuthEnabled: input.passkey_auth_enabled,
    // An empty string turns TOTP off like null does.
    totpSecretBase64: input.totp_secret_base64 === undefined ? undefined : input.totp_secret_base64 || null,
    primaryEmail: input.primary_email,
    primaryEmailVerified: input.primary_email_verified,
    primaryEmailAuthEnabled: input.primary_email_auth_enabled,
    password: input.password,
    passwordHash: input.password_hash ?? undefined,
    restrictedByAdmin: input.restricted_by_admin,
    // As on Stack's server: an empty reason or detail is none.
    restrictedByAdminReason:
      input.restricted_by_admin_reason === undefined ? undefined : input.restricted_by_admin_reason || null,
    restrictedByAdminPrivateDetails:
      input.restricted_by_admin_private_details === undefined
        ? undefined
        : input.restricted_by_admin_private_details || null,
    countryCode: input.country_code,
    signUpRiskScores: input.risk_scores?.sign_up,
    isAnonymous: input.is_anonymous,
    selectedTeamId: input.selected_team_id,
  };
}
