import { type At, asIs, type BuiltInSpec, obj, str } from "./oauth2-client.ts";

/**
 * LinkedIn ("Sign In with LinkedIn using OpenID Connect" must be added to the app). Its token
 * endpoint takes the client secret in the form only, and it does not take PKCE.
 */
export function linkedinSpec(at: At = asIs): BuiltInSpec {
  return {
    id: "linkedin",
    authorizationEndpoint: at("https://www.linkedin.com/oauth/v2/authorization"),
    tokenEndpoint: at("https://www.linkedin.com/oauth/v2/accessToken"),
    scopes: ["openid", "profile", "email"],
    tokenAuth: "post",
    pkce: false,
    async profile(api) {
      const info = obj(await api(at("https://api.linkedin.com/v2/userinfo")));
      return {
        accountId: str(info.sub) ?? "",
        email: str(info.email),
        emailVerified: info.email_verified === true,
        displayName: str(info.name),
        profileImageUrl: str(info.picture),
      };
    },
  };
}
