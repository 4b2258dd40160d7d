import { z } from "zod";
import { smtpConfigSchema } from "./auth-emails.ts";
import { oidcSettingsSchema } from "./oidc-providers.ts";

/** The switches of a project's config the admin area turns on and off. */
export const BOOLEAN_SETTINGS = [
  "sign_up_enabled",
  "credential_enabled",
  "magic_link_enabled",
  "passkey_enabled",
  "create_team_on_sign_up",
  "client_team_creation_enabled",
  "client_user_deletion_enabled",
  "allow_user_api_keys",
  "allow_team_api_keys",
] as const;
export type BooleanSetting = (typeof BOOLEAN_SETTINGS)[number];

const booleanSettings = Object.fromEntries(BOOLEAN_SETTINGS.map((name) => [name, z.boolean()])) as Record<
  BooleanSetting,
  z.ZodBoolean
>;

export const trustedDomainSchema = z.object({ domain: z.string(), handler_path: z.string() });
export type TrustedDomain = z.infer<typeof trustedDomainSchema>;

/** An OAuth provider as the admin area edits and sends it; a standard provider's client secret answered as the mask. */
export const oauthProviderConfigSchema = z.object({
  id: z.string(),
  type: z.enum(["shared", "standard"]),
  client_id: z.string().optional(),
  /** Always the mask; send it back (or leave it out) to keep the stored secret. */
  client_secret: z.string().optional(),
  apple_bundle_ids: z.array(z.string()).optional(),
  /** A generic OpenID Connect provider's settings. */
  oidc: oidcSettingsSchema.optional(),
  /** Microsoft's Entra ID tenant and Facebook's login configuration, with the project's own client. */
  microsoft_tenant_id: z.string().optional(),
  facebook_config_id: z.string().optional(),
});
export type OAuthProviderConfig = z.infer<typeof oauthProviderConfigSchema>;

/** As answered: with Stack's provider_config_id (the same as id). */
const storedOAuthProviderSchema = oauthProviderConfigSchema.extend({ provider_config_id: z.string() });

/** How mail leaves: "shared", the instance's SMTP_URL; "standard", the project's own server (password masked). */
export const emailConfigSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("shared") }),
  smtpConfigSchema.extend({ type: z.literal("standard") }),
]);

const permissionIds = z.array(z.object({ id: z.string() }));

export const projectConfigSchema = z.object({
  ...booleanSettings,
  allow_localhost: z.boolean(),
  oauth_account_merge_strategy: z.enum(["link_method", "raise_error", "allow_duplicates"]),
  team_creator_default_permissions: permissionIds,
  team_member_default_permissions: permissionIds,
  user_default_permissions: permissionIds,
  domains: z.array(trustedDomainSchema),
  email_config: emailConfigSchema,
  email_theme: z.string(),
  oauth_providers: z.array(storedOAuthProviderSchema),
  enabled_oauth_providers: z.array(z.object({ id: z.string() })),
});
export type ProjectConfig = z.infer<typeof projectConfigSchema>;

/** What PATCH /internal/projects/current takes of the admin area (the server's configUpdate checks it). */
export type ProjectUpdate = {
  is_production_mode?: boolean;
  config?: Partial<Omit<ProjectConfig, "oauth_providers">> & { oauth_providers?: OAuthProviderConfig[] };
};

/** The admin view of a project (GET and PATCH /internal/projects/current): the whole config, secrets masked. */
export const adminProjectSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  description: z.string(),
  created_at_millis: z.number(),
  is_production_mode: z.boolean(),
  logo_url: z.string().nullable(),
  logo_full_url: z.string().nullable(),
  logo_dark_mode_url: z.string().nullable(),
  logo_full_dark_mode_url: z.string().nullable(),
  owner_team_id: z.string().nullable(),
  onboarding_status: z.string(),
  config: projectConfigSchema,
});
export type AdminProject = z.infer<typeof adminProjectSchema>;
