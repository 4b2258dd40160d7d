import { siGithub, siGoogle } from "simple-icons";

/** The providers' own marks (simple-icons, pinned): monochrome, in the button's text colour. */
const MARKS = { github: siGithub, google: siGoogle } as const;

export function BrandIcon({ provider }: { provider: keyof typeof MARKS }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={MARKS[provider].path} />
    </svg>
  );
}
