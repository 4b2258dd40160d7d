import type { Config } from "../../config.ts";
import type { OutboundFetch } from "../../lib/outbound-fetch.ts";
import { configuredBuiltIns } from "./builtin/index.ts";
import { devProvider } from "./dev-provider.ts";
import { githubProvider } from "./github.ts";
import { googleProvider } from "./google.ts";
import type { SocialProvider } from "./provider.ts";

/**
 * GitHub and Google with real credentials when configured, and Stack's other built-in providers
 * (Microsoft, GitLab, Bitbucket, Discord, Facebook, LinkedIn, Spotify, Twitch, X) when theirs are;
 * those call out through `fetch` (the outbound address rules) and have no development stand-in. An unconfigured provider is off unless
 * DEV_OAUTH_PROVIDER switches the development stand-in on (the configuration refuses that in
 * production mode, and on a non-loopback address unless it says allow-remote).
 */
export function socialProviders(
  config: Config,
  apiUrl: () => string,
  fetch: OutboundFetch,
): Map<string, SocialProvider> {
  const callback = (id: string) => () => `${apiUrl()}/auth/oauth/callback/${id}`;
  const consentPage = () => `${apiUrl()}/auth/oauth/dev-provider/authorize`;
  const allowDev = config.DEV_OAUTH_PROVIDER !== "off" && config.NODE_ENV !== "production";
  const providers = new Map<string, SocialProvider>();
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    providers.set("github", githubProvider(config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET, callback("github")));
  } else if (allowDev) {
    providers.set("github", devProvider("github", consentPage));
  }
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.set("google", googleProvider(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, callback("google")));
  } else if (allowDev) {
    providers.set("google", devProvider("google", consentPage));
  }
  for (const provider of configuredBuiltIns(config, callback, fetch)) providers.set(provider.id, provider);
  return providers;
}
