/**
 * The social providers the auth service has built in (Stack's list, Apple aside: it signs in from
 * native apps only), in the order the sign-in page and the admin area show them. Brand names
 * stay untranslated.
 */
export const BUILT_IN_PROVIDERS = [
  { id: "github", name: "GitHub" },
  { id: "google", name: "Google" },
  { id: "microsoft", name: "Microsoft" },
  { id: "gitlab", name: "GitLab" },
  { id: "bitbucket", name: "Bitbucket" },
  { id: "discord", name: "Discord" },
  { id: "facebook", name: "Facebook" },
  { id: "linkedin", name: "LinkedIn" },
  { id: "spotify", name: "Spotify" },
  { id: "twitch", name: "Twitch" },
  { id: "x", name: "X" },
] as const;

export type BuiltInProviderId = (typeof BUILT_IN_PROVIDERS)[number]["id"];

export function providerName(id: BuiltInProviderId): string {
  return BUILT_IN_PROVIDERS.find((p) => p.id === id)?.name ?? id;
}
