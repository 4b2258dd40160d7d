import { type At, asIs, type BuiltInSpec, obj, str } from "./oauth2-client.ts";

/** Spotify: it does not check the address an account gives, so it never counts as verified. */
export function spotifySpec(at: At = asIs): BuiltInSpec {
  return {
    id: "spotify",
    authorizationEndpoint: at("https://accounts.spotify.com/authorize"),
    tokenEndpoint: at("https://accounts.spotify.com/api/token"),
    scopes: ["user-read-email", "user-read-private"],
    tokenAuth: "basic",
    pkce: true,
    async profile(api) {
      const me = obj(await api(at("https://api.spotify.com/v1/me")));
      const images = Array.isArray(me.images) ? me.images.map(obj) : [];
      return {
        accountId: str(me.id) ?? "",
        email: str(me.email),
        emailVerified: false,
        displayName: str(me.display_name),
        profileImageUrl: str(images[0]?.url),
      };
    },
  };
}
