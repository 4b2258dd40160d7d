import type { OutboundFetch } from "../../lib/outbound-fetch.ts";
import type { OAuthProviderConfig } from "../stores/projects.ts";
import { builtInSpecFor } from "./builtin/index.ts";
import { builtInProvider } from "./builtin/oauth2-client.ts";
import type { SocialProvider } from "./provider.ts";

/** True when a built-in provider is set up with the project's own OAuth client (Stack's `standard`). */
export function hasOwnClient(settings: OAuthProviderConfig): boolean {
  return (
    !settings.oidc &&
    settings.type === "standard" &&
    Boolean(settings.client_id && settings.client_secret) &&
    builtInSpecFor(settings.id, {}) !== null
  );
}

/**
 * A built-in provider signing in with the project's own client id and secret (opened by the
 * caller for this call only) instead of the instance's; null for a provider built in elsewhere
 * (Apple) or not at all.
 */
export function ownClientProvider(
  settings: OAuthProviderConfig & { client_id: string },
  clientSecret: string,
  callbackUrl: string,
  fetch: OutboundFetch,
): SocialProvider | null {
  const callback = () => callbackUrl;
  const spec = builtInSpecFor(settings.id, {
    microsoftTenantId: settings.microsoft_tenant_id,
    facebookConfigId: settings.facebook_config_id,
  });
  return spec
    ? builtInProvider(spec, { clientId: settings.client_id, clientSecret, callbackUrl: callback }, fetch)
    : null;
}
