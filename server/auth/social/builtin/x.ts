import { type At, asIs, type BuiltInSpec, idOf, obj, str } from "./oauth2-client.ts";

/**
 * X (Twitter) OAuth 2.0: PKCE is required, and its API has no way to ask for the account's
 * address, so an X account signs in without one (a new user has no primary e-mail).
 */
export function xSpec(at: At = asIs): BuiltInSpec {
  return {
    id: "x",
    authorizationEndpoint: at("https://twitter.com/i/oauth2/authorize"),
    tokenEndpoint: at("https://api.x.com/2/oauth2/token"),
    scopes: ["users.read", "offline.access", "tweet.read"],
    tokenAuth: "basic",
    pkce: true,
    async profile(api) {
      const answer = obj(await api(at("https://api.x.com/2/users/me?user.fields=id,name,profile_image_url")));
      const user = obj(answer.data);
      return {
        accountId: idOf(user.id),
        email: null,
        emailVerified: false,
        displayName: str(user.name) ?? str(user.username),
        profileImageUrl: str(user.profile_image_url),
      };
    },
  };
}
