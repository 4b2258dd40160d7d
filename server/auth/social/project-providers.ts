import type { OutboundFetch } from "../../lib/outbound-fetch.ts";
import type { ProjectCredentials } from "../stores/project-credentials.ts";
import type { Project } from "../stores/projects.ts";
import type { OidcDirectory } from "./oidc/discovery.ts";
import { oidcProvider } from "./oidc/oidc-provider.ts";
import { hasOwnClient, ownClientProvider } from "./own-client.ts";
import type { SocialProvider } from "./provider.ts";

/** What finding a project's providers needs of the service (AuthDeps has it): named here, as social/ sits below auth-env.ts. */
export interface ProviderDeps {
  social: ReadonlyMap<string, SocialProvider>;
  oidc: OidcDirectory;
  oidcFetch: OutboundFetch;
  credentials: Pick<ProjectCredentials, "openClientSecret">;
  baseUrl(): string;
}

/**
 * The provider a project signs in with under `providerId`: its own OpenID Connect provider (client
 * secret opened only here, for this call), a built-in provider with the project's own OAuth client,
 * or the instance's (GitHub/Google possibly as their development stand-in). Null when the project has not turned the provider on.
 */
export async function projectProvider(
  deps: ProviderDeps,
  project: Project,
  providerId: string,
): Promise<SocialProvider | null> {
  const settings = project.config.oauth_providers.find((p) => p.id === providerId);
  if (!settings) return null;
  if (settings.oidc) {
    if (!settings.client_id || !settings.client_secret) return null;
    const clientSecret = await deps.credentials.openClientSecret(project.id, providerId, settings.client_secret);
    return oidcProvider(
      {
        id: providerId,
        clientId: settings.client_id,
        clientSecret,
        settings: settings.oidc,
        callbackUrl: `${deps.baseUrl()}/api/v1/auth/oauth/callback/${providerId}`,
      },
      deps.oidc,
      deps.oidcFetch,
    );
  }
  if (hasOwnClient(settings) && settings.client_id && settings.client_secret) {
    const clientSecret = await deps.credentials.openClientSecret(project.id, providerId, settings.client_secret);
    const callbackUrl = `${deps.baseUrl()}/api/v1/auth/oauth/callback/${providerId}`;
    const own = ownClientProvider(
      { ...settings, client_id: settings.client_id },
      clientSecret,
      callbackUrl,
      deps.oidcFetch,
    );
    if (own) return own;
  }
  return deps.social.get(providerId) ?? null;
}

/** The ids the project offers for sign-in: its OpenID providers and the instance's it turned on. */
export function offeredProviderIds(deps: Pick<ProviderDeps, "social">, project: Project): string[] {
  return project.config.oauth_providers
    .filter((p) => (p.oidc ? Boolean(p.client_id && p.client_secret) : hasOwnClient(p) || deps.social.has(p.id)))
    .map((p) => p.id);
}
