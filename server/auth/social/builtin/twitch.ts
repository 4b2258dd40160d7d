import { type At, asIs, type BuiltInSpec, idOf, obj, str } from "./oauth2-client.ts";

/**
 * Twitch: the client secret goes in the form, the Helix API wants the client id beside the token,
 * and Twitch only hands out addresses its users verified (Stack takes them as verified too).
 */
export function twitchSpec(at: At = asIs): BuiltInSpec {
  return {
    id: "twitch",
    authorizationEndpoint: at("https://id.twitch.tv/oauth2/authorize"),
    tokenEndpoint: at("https://id.twitch.tv/oauth2/token"),
    scopes: ["user:read:email"],
    tokenAuth: "post",
    pkce: true,
    async profile(api, client) {
      const answer = obj(await api(at("https://api.twitch.tv/helix/users"), { "client-id": client.clientId }));
      const user = obj(Array.isArray(answer.data) ? answer.data[0] : undefined);
      const email = str(user.email);
      return {
        accountId: idOf(user.id),
        email,
        emailVerified: email !== null,
        displayName: str(user.display_name) ?? str(user.login),
        profileImageUrl: str(user.profile_image_url),
      };
    },
  };
}
