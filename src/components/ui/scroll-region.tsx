import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A labelled region that scrolls sideways when its content (a wide table) does not fit. It takes
 * focus so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
      tabIndex={0}
      aria-label={label}
      // relative: the region is the containing block of what is positioned inside it (a button's
      // sr-only name in a table's last column), so it scrolls with the table instead of widening the page.
      className={cn("relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-300", className)}
    >
      {children}
    </section>
  );
}
