import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { InertAppRoot } from "@/hooks/inert-app-root";
import { useReturnFocus } from "@/hooks/use-return-focus";
import { cn } from "@/lib/cn";

/**
 * A modal panel sliding in from one side, for secondary content that should take no width from the
 * page until asked for (the database page's schema tree on a phone, the SQL history and snippets).
 */
export function SideDrawer({
  open,
  onOpenChange,
  side,
  title,
  closeLabel,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <DialogPrimitive.Content
          {...returnFocus}
          aria-describedby={undefined}
          className={cn(
            "fixed inset-y-0 z-50 flex w-[min(24rem,90vw)] flex-col border-white/10 bg-slate-950 text-slate-100 shadow-xl",
            side === "left" ? "left-0 border-r" : "right-0 border-l",
            className,
          )}
        >
          <InertAppRoot />
          <div className="flex h-12 shrink-0 items-center justify-between border-b border-white/10 px-3">
            <DialogPrimitive.Title className="text-sm font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="rounded-sm p-1 text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-300"
              aria-label={closeLabel}
            >
              <X className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
