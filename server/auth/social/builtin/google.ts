import { type At, asIs, type BuiltInSpec, obj, str } from "./oauth2-client.ts";

/**
 * Google. The account is read from its OpenID userinfo endpoint with the access token (the answer
 * comes straight from Google over TLS); `access_type=offline` asks for a refresh token, so
 * connected accounts keep working after the hour-long access token.
 */
export function googleSpec(at: At = asIs): BuiltInSpec {
  return {
    id: "google",
    authorizationEndpoint: at("https://accounts.google.com/o/oauth2/v2/auth"),
    tokenEndpoint: at("https://oauth2.googleapis.com/token"),
    scopes: ["openid", "email", "profile"],
    tokenAuth: "basic",
    pkce: true,
    authorizationParams: { access_type: "offline" },
    async profile(api) {
      const claims = obj(await api(at("https://openidconnect.googleapis.com/v1/userinfo")));
      return {
        accountId: str(claims.sub) ?? "",
        email: str(claims.email),
        emailVerified: claims.email_verified === true,
        displayName: str(claims.name),
        profileImageUrl: str(claims.picture),
      };
    },
  };
}
