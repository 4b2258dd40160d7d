import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { InertAppRoot } from "@/hooks/inert-app-root";
import { useReturnFocus } from "@/hooks/use-return-focus";
import { cn } from "@/lib/cn";

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/** A modal: focus stays inside while open and returns to the trigger afterwards (Radix). */
export function DialogContent({
  className,
  children,
  closeLabel,
  wide,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string; wide?: boolean }) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        {...returnFocus}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto",
          "rounded-lg border border-white/10 bg-slate-900 p-6 text-slate-100 shadow-xl",
          wide ? "max-w-2xl" : "max-w-lg",
          className,
        )}
        {...props}
      >
        <InertAppRoot />
        {children}
        {closeLabel && (
          <DialogPrimitive.Close
            className="absolute top-4 right-4 rounded-sm text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-300"
            aria-label={closeLabel}
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-300", className)} {...props} />;
}
