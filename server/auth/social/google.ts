import { decodeIdToken, Google } from "arctic";
import type { ProviderIdentity, SocialProvider } from "./provider.ts";
import { fromArcticTokens, mergeScopes, refreshWith } from "./provider-tokens.ts";

const SIGN_IN_SCOPES = ["openid", "email", "profile"];

interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export function googleProvider(clientId: string, clientSecret: string, callbackUrl: () => string): SocialProvider {
  const client = () => new Google(clientId, clientSecret, callbackUrl());
  return {
    id: "google",
    isDevelopment: false,
    authorizationUrl: (state, codeVerifier, extraScopes) => {
      const url = client().createAuthorizationURL(state, codeVerifier, mergeScopes(SIGN_IN_SCOPES, extraScopes));
      // A refresh token, so connected accounts keep working after the hour-long access token.
      url.searchParams.set("access_type", "offline");
      return url;
    },
    async exchange(code, flow): Promise<ProviderIdentity> {
      const tokens = await client().validateAuthorizationCode(code, flow.innerCodeVerifier);
      // The ID token comes straight from Google's token endpoint over TLS, so its claims are trusted.
      const claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
      return {
        accountId: claims.sub,
        email: claims.email ?? null,
        emailVerified: claims.email_verified === true,
        displayName: claims.name ?? null,
        profileImageUrl: claims.picture ?? null,
        tokens: fromArcticTokens(tokens, mergeScopes(SIGN_IN_SCOPES, flow.providerScopes ?? [])),
      };
    },
    refresh: (refreshToken) => refreshWith(client(), refreshToken),
  };
}
