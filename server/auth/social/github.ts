import { GitHub } from "arctic";
import type { ProviderIdentity, SocialProvider } from "./provider.ts";
import { fromArcticTokens, mergeScopes, refreshWith } from "./provider-tokens.ts";

const SIGN_IN_SCOPES = ["read:user", "user:email"];

interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
}
interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

async function githubApi<T>(path: string, accessToken: string): Promise<T> {
  const res = await fetch(`https://api.github.com${path}`, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: "application/vnd.github+json",
      "User-Agent": "appconsole",
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`GitHub ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

export function githubProvider(clientId: string, clientSecret: string, callbackUrl: () => string): SocialProvider {
  const client = () => new GitHub(clientId, clientSecret, callbackUrl());
  return {
    id: "github",
    isDevelopment: false,
    authorizationUrl: (state, _verifier, extraScopes) =>
      client().createAuthorizationURL(state, mergeScopes(SIGN_IN_SCOPES, extraScopes)),
    async exchange(code, flow): Promise<ProviderIdentity> {
      const tokens = await client().validateAuthorizationCode(code);
      const accessToken = tokens.accessToken();
      const user = await githubApi<GitHubUser>("/user", accessToken);
      const emails = await githubApi<GitHubEmail[]>("/user/emails", accessToken).catch(() => []);
      const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
      return {
        accountId: String(user.id),
        email: primary?.email ?? user.email,
        emailVerified: Boolean(primary),
        displayName: user.name ?? user.login,
        profileImageUrl: user.avatar_url,
        tokens: fromArcticTokens(tokens, mergeScopes(SIGN_IN_SCOPES, flow.providerScopes ?? [])),
      };
    },
    refresh: (refreshToken) => refreshWith(client(), refreshToken),
  };
}
