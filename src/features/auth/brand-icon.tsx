import { KeyRound } from "lucide-react";
import {
  siBitbucket,
  siDiscord,
  siFacebook,
  siGithub,
  siGitlab,
  siGoogle,
  siSpotify,
  siTwitch,
  siX,
} from "simple-icons";
import type { BuiltInProviderId } from "@/lib/social-providers";

/**
 * The providers' own marks (simple-icons, pinned): monochrome, in the button's text colour.
 * Microsoft and LinkedIn are not in simple-icons (their owners asked for removal), so their
 * buttons carry the generic key the single sign-on buttons use.
 */
const MARKS: Partial<Record<BuiltInProviderId, { path: string }>> = {
  github: siGithub,
  google: siGoogle,
  gitlab: siGitlab,
  bitbucket: siBitbucket,
  discord: siDiscord,
  facebook: siFacebook,
  spotify: siSpotify,
  twitch: siTwitch,
  x: siX,
};

export function BrandIcon({ provider }: { provider: BuiltInProviderId }) {
  const mark = MARKS[provider];
  if (!mark) return <KeyRound aria-hidden="true" />;
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={mark.path} />
    </svg>
  );
}
