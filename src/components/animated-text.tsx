import type { CSSProperties } from "react";

/** Spec constants: delay between segments per split mode, and each segment's duration (seconds). */
export const STAGGER_SECONDS = { text: 0.06, word: 0.05, character: 0.03, line: 0.06 } as const;
export const SEGMENT_DURATION_SECONDS = 0.3;

export type SplitBy = keyof typeof STAGGER_SECONDS;

/** Splits text into animated segments; whitespace stays attached so the text reads the same. */
export function splitSegments(text: string, by: SplitBy): string[] {
  switch (by) {
    case "text":
      return [text];
    case "word":
      return text.split(/(?<=\s)/);
    case "character":
      return [...text];
    case "line":
      return text.split(/(?<=\n)/);
  }
}

/**
 * Text that fades in segment by segment. Screen readers get the whole text once; the segments
 * are decoration. Reduced-motion users see it at once (Tailwind's motion-safe).
 */
export function AnimatedText({ text, by = "word", className }: { text: string; by?: SplitBy; className?: string }) {
  return (
    <span className={className}>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true">
        {splitSegments(text, by).map((segment, index) => (
          <span
            // Segments of one text never reorder, so the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className="inline-block whitespace-pre motion-safe:animate-[segment-in_var(--segment-duration)_ease-out_both]"
            style={
              {
                "--segment-duration": `${SEGMENT_DURATION_SECONDS}s`,
                animationDelay: `${index * STAGGER_SECONDS[by]}s`,
              } as CSSProperties
            }
          >
            {segment}
          </span>
        ))}
      </span>
    </span>
  );
}
