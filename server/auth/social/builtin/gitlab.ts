import { type At, asIs, type BuiltInSpec, idOf, obj, str } from "./oauth2-client.ts";

/**
 * GitLab.com. The account's public address is verified when GitLab's list of the user's
 * addresses shows it confirmed.
 */
export function gitlabSpec(at: At = asIs): BuiltInSpec {
  return {
    id: "gitlab",
    authorizationEndpoint: at("https://gitlab.com/oauth/authorize"),
    tokenEndpoint: at("https://gitlab.com/oauth/token"),
    scopes: ["read_user"],
    tokenAuth: "basic",
    pkce: true,
    async profile(api) {
      const [user, emails] = await Promise.all([
        api(at("https://gitlab.com/api/v4/user")).then(obj),
        api(at("https://gitlab.com/api/v4/user/emails")).catch(() => []),
      ]);
      const email = str(user.email);
      const listed = Array.isArray(emails) ? emails.map(obj).find((e) => email && e.email === email) : undefined;
      return {
        accountId: idOf(user.id),
        email,
        emailVerified: Boolean(email && listed && str(listed.confirmed_at)),
        displayName: str(user.name) ?? str(user.username),
        profileImageUrl: str(user.avatar_url),
      };
    },
  };
}
