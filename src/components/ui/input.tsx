import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-9 w-full min-w-0 rounded-md border border-white/15 bg-black/20 px-3 py-1 text-sm text-slate-100",
        "placeholder:text-slate-400 focus-visible:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-300/60",
        "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-400",
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "min-h-20 w-full rounded-md border border-white/15 bg-black/20 px-3 py-2 text-sm text-slate-100",
        "placeholder:text-slate-400 focus-visible:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-300/60",
        className,
      )}
      {...props}
    />
  );
}
