import { queryOptions } from "@tanstack/react-query";
import { authServiceRequestRaw } from "@/lib/api-client";
import { PUBLIC_QUERY_ROOT } from "@/lib/query-persistence";
import { getRuntimeConfig } from "@/lib/runtime-config";

/** The sign-in methods the project offers, from the auth service's client view of the project. */
/** A project's own OpenID Connect provider, as its sign-in button shows it. */
export interface SsoProvider {
  id: string;
  displayName: string;
  iconUrl?: string;
}

export interface SignInOptions {
  /** Password sign-in; off when the project requires single sign-on. */
  credentialEnabled: boolean;
  magicLinkEnabled: boolean;
  passkeyEnabled: boolean;
  /** Social providers offered (configured, or served by the development stand-in). */
  oauthProviders: string[];
  /** Those of them the development stand-in serves: no password is checked there. */
  developmentOAuthProviders: string[];
  /** The project's OpenID Connect providers (single sign-on), with their names and icons. */
  ssoProviders: SsoProvider[];
}

/**
 * One small fetch rather than the SDK: the login page must stay light for its first paint, and it
 * only needs to know which choices to offer.
 */
export const signInOptionsQuery = () =>
  queryOptions({
    queryKey: [PUBLIC_QUERY_ROOT, "sign-in-options"],
    queryFn: async (): Promise<SignInOptions> => {
      const config = await getRuntimeConfig();
      const response = await authServiceRequestRaw("/projects/current", { access: "client" });
      if (!response.ok) throw new Error(`GET /projects/current answered ${response.status}`);
      const project = (await response.json()) as {
        config?: {
          credential_enabled?: boolean;
          magic_link_enabled?: boolean;
          passkey_enabled?: boolean;
          enabled_oauth_providers?: { id: string; display_name?: string; icon_url?: string }[];
        };
      };
      const enabled = project.config?.enabled_oauth_providers ?? [];
      const oauthProviders = enabled.map((p) => p.id);
      return {
        credentialEnabled: project.config?.credential_enabled !== false,
        magicLinkEnabled: project.config?.magic_link_enabled === true,
        passkeyEnabled: project.config?.passkey_enabled === true,
        oauthProviders,
        developmentOAuthProviders: config.developmentOAuthProviders.filter((id) => oauthProviders.includes(id)),
        // Only OpenID providers carry a display name in the client view.
        ssoProviders: enabled.flatMap((p) =>
          p.display_name ? [{ id: p.id, displayName: p.display_name, iconUrl: p.icon_url }] : [],
        ),
      };
    },
    staleTime: 60_000,
  });
