import { queryOptions } from "@tanstack/react-query";
import { authServiceRequestRaw } from "@/lib/api-client";
import { PUBLIC_QUERY_ROOT } from "@/lib/query-persistence";
import { getRuntimeConfig } from "@/lib/runtime-config";

/** The sign-in methods the project offers, from the auth service's client view of the project. */
export interface SignInOptions {
  magicLinkEnabled: boolean;
  passkeyEnabled: boolean;
  /** Social providers offered (configured, or served by the development stand-in). */
  oauthProviders: string[];
  /** Those of them the development stand-in serves: no password is checked there. */
  developmentOAuthProviders: string[];
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
          magic_link_enabled?: boolean;
          passkey_enabled?: boolean;
          enabled_oauth_providers?: { id: string }[];
        };
      };
      const oauthProviders = (project.config?.enabled_oauth_providers ?? []).map((p) => p.id);
      return {
        magicLinkEnabled: project.config?.magic_link_enabled === true,
        passkeyEnabled: project.config?.passkey_enabled === true,
        oauthProviders,
        developmentOAuthProviders: config.developmentOAuthProviders.filter((id) => oauthProviders.includes(id)),
      };
    },
    staleTime: 60_000,
  });
