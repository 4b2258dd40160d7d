import { type At, asIs, type BuiltInSpec, obj, str } from "./oauth2-client.ts";

/** Bitbucket Cloud: the profile and the user's addresses come from two calls of its 2.0 API. */
export function bitbucketSpec(at: At = asIs): BuiltInSpec {
  return {
    id: "bitbucket",
    authorizationEndpoint: at("https://bitbucket.org/site/oauth2/authorize"),
    tokenEndpoint: at("https://bitbucket.org/site/oauth2/access_token"),
    scopes: ["account", "email"],
    tokenAuth: "basic",
    pkce: true,
    async profile(api) {
      const [user, emails] = await Promise.all([
        api(at("https://api.bitbucket.org/2.0/user")).then(obj),
        api(at("https://api.bitbucket.org/2.0/user/emails")).then(obj),
      ]);
      const values = Array.isArray(emails.values) ? emails.values.map(obj) : [];
      // The primary address where it is marked; Stack takes the first listed, which is the primary.
      const chosen = values.find((e) => e.is_primary === true) ?? values[0];
      return {
        accountId: str(user.account_id) ?? "",
        email: str(chosen?.email),
        emailVerified: chosen?.is_confirmed === true,
        displayName: str(user.display_name),
        profileImageUrl: str(obj(obj(user.links).avatar).href),
      };
    },
  };
}
