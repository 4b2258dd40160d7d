import type { Config } from "../../../config.ts";
import type { OutboundFetch } from "../../../lib/outbound-fetch.ts";
import type { SocialProvider } from "../provider.ts";
import { bitbucketSpec } from "./bitbucket.ts";
import { discordSpec } from "./discord.ts";
import { facebookSpec } from "./facebook.ts";
import { githubSpec } from "./github.ts";
import { gitlabSpec } from "./gitlab.ts";
import { googleSpec } from "./google.ts";
import { linkedinSpec } from "./linkedin.ts";
import { microsoftSpec } from "./microsoft.ts";
import { type At, asIs, type BuiltInSpec, builtInProvider } from "./oauth2-client.ts";
import { spotifySpec } from "./spotify.ts";
import { twitchSpec } from "./twitch.ts";
import { xSpec } from "./x.ts";

/** The operator's settings of one provider: `<ID>_CLIENT_ID`/`_SECRET` and its own extras. */
type Settings = Pick<
  Config,
  `${"GITHUB" | "GOOGLE" | "MICROSOFT" | "GITLAB" | "BITBUCKET" | "DISCORD" | "FACEBOOK" | "LINKEDIN" | "SPOTIFY" | "TWITCH" | "X"}_CLIENT_${"ID" | "SECRET"}`
> &
  Pick<Config, "MICROSOFT_TENANT_ID" | "FACEBOOK_CONFIG_ID">;

/** Every built-in provider besides Apple, with the client it is configured with. */
export function builtInSpecs(config: Settings, at: At = asIs) {
  return [
    [githubSpec(at), config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET],
    [googleSpec(at), config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET],
    [
      microsoftSpec({ tenantId: config.MICROSOFT_TENANT_ID }, at),
      config.MICROSOFT_CLIENT_ID,
      config.MICROSOFT_CLIENT_SECRET,
    ],
    [gitlabSpec(at), config.GITLAB_CLIENT_ID, config.GITLAB_CLIENT_SECRET],
    [bitbucketSpec(at), config.BITBUCKET_CLIENT_ID, config.BITBUCKET_CLIENT_SECRET],
    [discordSpec(at), config.DISCORD_CLIENT_ID, config.DISCORD_CLIENT_SECRET],
    [
      facebookSpec({ configId: config.FACEBOOK_CONFIG_ID }, at),
      config.FACEBOOK_CLIENT_ID,
      config.FACEBOOK_CLIENT_SECRET,
    ],
    [linkedinSpec(at), config.LINKEDIN_CLIENT_ID, config.LINKEDIN_CLIENT_SECRET],
    [spotifySpec(at), config.SPOTIFY_CLIENT_ID, config.SPOTIFY_CLIENT_SECRET],
    [twitchSpec(at), config.TWITCH_CLIENT_ID, config.TWITCH_CLIENT_SECRET],
    [xSpec(at), config.X_CLIENT_ID, config.X_CLIENT_SECRET],
  ] as [BuiltInSpec, string | undefined, string | undefined][];
}

/** The built-in providers the operator gave a client id and secret; the others are off. */
export function configuredBuiltIns(
  config: Settings,
  callbackUrl: (id: string) => () => string,
  fetch: OutboundFetch,
  at: At = asIs,
): SocialProvider[] {
  return builtInSpecs(config, at).flatMap(([spec, clientId, clientSecret]) =>
    clientId && clientSecret
      ? [builtInProvider(spec, { clientId, clientSecret, callbackUrl: callbackUrl(spec.id) }, fetch)]
      : [],
  );
}

/** One built-in provider's definition with a project's own extras; null for an id not built in here. */
export function builtInSpecFor(
  id: string,
  extras: { microsoftTenantId?: string; facebookConfigId?: string },
  at: At = asIs,
): BuiltInSpec | null {
  const specs = builtInSpecs(
    { MICROSOFT_TENANT_ID: extras.microsoftTenantId, FACEBOOK_CONFIG_ID: extras.facebookConfigId },
    at,
  );
  return specs.find(([spec]) => spec.id === id)?.[0] ?? null;
}
