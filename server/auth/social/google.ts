import { decodeIdToken, Google } from "arctic";
import type { ProviderIdentity, SocialProvider } from "./provider.ts";

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
    authorizationUrl: (state, codeVerifier) =>
      client().createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]),
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
      };
    },
  };
}
