import type { OidcSettings } from "@contract/oidc-providers";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, adminKeys } from "../admin-api";

export interface TrustedDomain {
  domain: string;
  handler_path: string;
}

export interface OAuthProviderConfig {
  id: string;
  type: "shared" | "standard";
  client_id?: string;
  /** Always the mask when stored; send it back (or leave it out) to keep the stored secret. */
  client_secret?: string;
  /** A generic OpenID Connect provider's settings (server/contract/oidc-providers.ts). */
  oidc?: OidcSettings;
  /** Microsoft's Entra ID tenant and Facebook's login configuration, with the project's own client. */
  microsoft_tenant_id?: string;
  facebook_config_id?: string;
}

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

export type ProjectConfig = Record<BooleanSetting, boolean> & {
  allow_localhost: boolean;
  oauth_account_merge_strategy: "link_method" | "raise_error" | "allow_duplicates";
  domains: TrustedDomain[];
  oauth_providers: OAuthProviderConfig[];
};

/** GET /internal/projects/current, the parts the admin area edits. */
export interface AdminProject {
  id: string;
  display_name: string;
  is_production_mode: boolean;
  config: ProjectConfig;
}

export interface ProjectUpdate {
  is_production_mode?: boolean;
  config?: Partial<ProjectConfig>;
}

const projectKey = [...adminKeys.all, "project"] as const;

export const projectQuery = () =>
  queryOptions({ queryKey: projectKey, queryFn: () => adminFetch<AdminProject>("/internal/projects/current") });

/** PATCH /internal/projects/current; the answer (the project as stored) replaces the cached one. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProjectUpdate) =>
      adminFetch<AdminProject>("/internal/projects/current", { method: "PATCH", json: update }),
    onSuccess: (project) => queryClient.setQueryData(projectKey, project),
  });
}
