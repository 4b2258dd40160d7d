import { type At, asIs, type BuiltInSpec, obj, str } from "./oauth2-client.ts";

/** Discord: the avatar is a hash, turned into its CDN URL (animated ones, `a_…`, are GIFs). */
export function discordSpec(at: At = asIs): BuiltInSpec {
  return {
    id: "discord",
    authorizationEndpoint: at("https://discord.com/oauth2/authorize"),
    tokenEndpoint: at("https://discord.com/api/oauth2/token"),
    scopes: ["identify", "email"],
    tokenAuth: "basic",
    pkce: true,
    async profile(api) {
      const me = obj(await api(at("https://discord.com/api/users/@me")));
      const id = str(me.id) ?? "";
      const avatar = str(me.avatar);
      return {
        accountId: id,
        email: str(me.email),
        emailVerified: me.verified === true,
        displayName: str(me.global_name) ?? str(me.username),
        profileImageUrl: avatar
          ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.${avatar.startsWith("a_") ? "gif" : "png"}`
          : null,
      };
    },
  };
}
