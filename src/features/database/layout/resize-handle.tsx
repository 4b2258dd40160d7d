import { Separator } from "react-resizable-panels";
import { cn } from "@/lib/cn";

/**
 * The divider between two panels: drag it, or focus it (Tab) and move it with the arrow keys,
 * Home and End (the library's WAI-ARIA window splitter). Its hit area is wider than the line drawn.
 */
export function ResizeHandle({ label, orientation }: { label: string; orientation: "horizontal" | "vertical" }) {
  return (
    <Separator
      aria-label={label}
      className={cn(
        "relative shrink-0 bg-slate-800 outline-none transition-colors hover:bg-sky-600 focus-visible:bg-sky-400",
        "data-[separator=active]:bg-sky-400 data-[separator=focus]:bg-sky-400",
        orientation === "horizontal" ? "w-1" : "h-1",
      )}
    />
  );
}
