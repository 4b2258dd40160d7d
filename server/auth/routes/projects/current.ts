import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { offeredProviderIds } from "../../social/project-providers.ts";
import type { Project } from "../../stores/projects.ts";
import { inStackOrder } from "../../wire/order.ts";

/**
 * The client view of the project: what the SDK and the sign-in page read. An OpenID provider's
 * entry also carries its display name and icon for the sign-in buttons.
 */
export function renderClientProject(project: Project, enabledProviders: string[]) {
  const { config } = project;
  return {
    id: project.id,
    display_name: project.displayName,
    config: {
      sign_up_enabled: config.sign_up_enabled,
      credential_enabled: config.credential_enabled,
      magic_link_enabled: config.magic_link_enabled,
      passkey_enabled: config.passkey_enabled,
      client_team_creation_enabled: config.client_team_creation_enabled,
      client_user_deletion_enabled: config.client_user_deletion_enabled,
      allow_user_api_keys: config.allow_user_api_keys,
      allow_team_api_keys: config.allow_team_api_keys,
      allow_localhost: config.allow_localhost && !project.isProductionMode,
      enabled_oauth_providers: inStackOrder(
        config.oauth_providers.filter((p) => enabledProviders.includes(p.id)),
        (p) => p.id,
      ).map((p) =>
        p.oidc
          ? { id: p.id, display_name: p.oidc.display_name, ...(p.oidc.icon_url ? { icon_url: p.oidc.icon_url } : {}) }
          : { id: p.id },
      ),
      domains: inStackOrder(config.domains, (d) => d.domain).map(({ domain, handler_path }) => ({
        domain,
        handler_path,
      })),
    },
  };
}

export function registerProjectCurrent(app: AuthApp, deps: AuthDeps): void {
  app.get("/projects/current", projectAuth(deps), (c) =>
    c.json(renderClientProject(c.get("auth").project, offeredProviderIds(deps, c.get("auth").project))),
  );
}
