import { type At, asIs, type BuiltInSpec, idOf, obj, str } from "./oauth2-client.ts";

/** GitHub's API wants a user agent and names its media type; the version pins the answers' shape. */
const HEADERS = {
  accept: "application/vnd.github+json",
  "user-agent": "appconsole",
  "x-github-api-version": "2022-11-28",
};

/**
 * GitHub. The address taken is the primary verified one of the user's list (else any verified
 * one); the profile's public address counts as unverified. The list needs `user:email` and is
 * refused for some GitHub Apps: then only the public address is known.
 */
export function githubSpec(at: At = asIs): BuiltInSpec {
  return {
    id: "github",
    authorizationEndpoint: at("https://github.com/login/oauth/authorize"),
    tokenEndpoint: at("https://github.com/login/oauth/access_token"),
    scopes: ["read:user", "user:email"],
    tokenAuth: "basic",
    pkce: false,
    async profile(api) {
      const [user, emails] = await Promise.all([
        api(at("https://api.github.com/user"), HEADERS).then(obj),
        api(at("https://api.github.com/user/emails"), HEADERS).catch(() => []),
      ]);
      const list = Array.isArray(emails) ? emails.map(obj) : [];
      const primary =
        list.find((e) => e.primary === true && e.verified === true) ?? list.find((e) => e.verified === true);
      return {
        accountId: idOf(user.id),
        email: str(primary?.email) ?? str(user.email),
        emailVerified: Boolean(primary && str(primary.email)),
        displayName: str(user.name) ?? str(user.login),
        profileImageUrl: str(user.avatar_url),
      };
    },
  };
}
