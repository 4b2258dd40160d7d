import type { Config } from "../../config.ts";
import type { OutboundFetch } from "../../lib/outbound-fetch.ts";
import { configuredBuiltIns } from "./builtin/index.ts";
import { devProvider } from "./dev-provider.ts";
import type { OidcDirectory } from "./oidc/discovery.ts";
import type { SocialProvider } from "./provider.ts";
import { stackMockProviders } from "./stack-mock.ts";

/**
 * Stack's built-in providers (GitHub, Google, Microsoft, GitLab, Bitbucket, Discord, Facebook,
 * LinkedIn, Spotify, Twitch, X) with the instance's credentials where configured; every one calls
 * out through `fetch` (the outbound address rules). An unconfigured provider is off, except
 * GitHub and Google when DEV_OAUTH_PROVIDER switches on the development stand-in (the
 * configuration refuses that in production mode, and on a non-loopback address unless it says
 * allow-remote). OAUTH_MOCK_URL (development and tests, as Stack's dev setup) makes Stack's mock
 * OAuth server the shared client of the nine providers it serves, in place of the above.
 */
export function socialProviders(
  config: Config,
  apiUrl: () => string,
  fetch: OutboundFetch,
  directory: OidcDirectory,
): Map<string, SocialProvider> {
  const callback = (id: string) => () => `${apiUrl()}/auth/oauth/callback/${id}`;
  const consentPage = () => `${apiUrl()}/auth/oauth/dev-provider/authorize`;
  const allowDev = config.DEV_OAUTH_PROVIDER !== "off" && config.NODE_ENV !== "production";
  const providers = new Map<string, SocialProvider>();
  if (allowDev && !(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET)) {
    providers.set("github", devProvider("github", consentPage));
  }
  if (allowDev && !(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)) {
    providers.set("google", devProvider("google", consentPage));
  }
  for (const provider of configuredBuiltIns(config, callback, fetch)) providers.set(provider.id, provider);
  if (config.OAUTH_MOCK_URL && config.NODE_ENV !== "production") {
    for (const provider of stackMockProviders(config.OAUTH_MOCK_URL, callback, directory, fetch)) {
      providers.set(provider.id, provider);
    }
  }
  return providers;
}
