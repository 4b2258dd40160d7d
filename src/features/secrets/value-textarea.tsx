import { type ComponentProps, useLayoutEffect, useRef } from "react";
import { cn } from "@/lib/cn";

/** Tallest the box grows before it scrolls, in pixels (about 16 lines). */
const MAX_HEIGHT = 320;

/**
 * A secret's value: monospace, as many lines as it needs (a PEM key, a JSON credential), growing
 * with its text up to a limit. Spell checking and autocorrection stay off so nothing is changed.
 */
export function ValueTextarea({ className, value, ...props }: ComponentProps<"textarea"> & { value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = "auto";
    box.style.height = `${Math.min(box.scrollHeight + 2, MAX_HEIGHT)}px`;
  }, [value]);
  return (
    <textarea
      ref={ref}
      value={value}
      rows={1}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      autoComplete="off"
      className={cn(
        "min-h-9 w-full resize-y overflow-auto rounded-md border border-white/15 bg-black/20 px-3 py-2 font-mono text-sm break-all whitespace-pre-wrap text-slate-100",
        "placeholder:text-slate-400 focus-visible:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-300/60",
        "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-400",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A textarea hands back line breaks as LF only. A value stored with Windows line endings (every
 * LF after a CR) is given them back on save, so editing one line does not rewrite every other.
 */
export function usesCrlf(value: string): boolean {
  return value.includes("\r\n") && !/(^|[^\r])\n/.test(value);
}

export function withLineEndingsOf(original: string, edited: string): string {
  return usesCrlf(original) ? edited.replace(/\r?\n/g, "\r\n") : edited;
}
