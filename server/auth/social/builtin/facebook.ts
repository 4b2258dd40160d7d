import { type At, asIs, type BuiltInSpec, obj, str } from "./oauth2-client.ts";

/**
 * Facebook Login. A business app's login configuration is named by FACEBOOK_CONFIG_ID (its
 * `config_id`). Facebook's documentation does not promise the address is verified, so it never
 * counts as verified. The token goes in the Authorization header, never in a URL.
 */
export function facebookSpec(options: { configId?: string }, at: At = asIs): BuiltInSpec {
  return {
    id: "facebook",
    authorizationEndpoint: at("https://facebook.com/v20.0/dialog/oauth/"),
    tokenEndpoint: at("https://graph.facebook.com/v20.0/oauth/access_token"),
    scopes: ["openid", "public_profile", "email"],
    tokenAuth: "basic",
    pkce: true,
    authorizationParams: options.configId ? { config_id: options.configId } : undefined,
    async profile(api) {
      const me = obj(await api(at("https://graph.facebook.com/v3.2/me?fields=id,name,email")));
      const id = str(me.id) ?? "";
      const picture = id
        ? await api(at(`https://graph.facebook.com/${encodeURIComponent(id)}?fields=picture.type(small)`))
            .then((p) => str(obj(obj(obj(p).picture).data).url))
            .catch(() => null)
        : null;
      return {
        accountId: id,
        email: str(me.email),
        emailVerified: false,
        displayName: str(me.name),
        profileImageUrl: picture,
      };
    },
  };
}
