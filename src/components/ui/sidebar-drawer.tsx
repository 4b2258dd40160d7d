import * as DialogPrimitive from "@radix-ui/react-dialog";
import { VisuallyHidden } from "@radix-ui/react-visually-hidden";
import type { ReactNode } from "react";
import { InertAppRoot } from "@/hooks/inert-app-root";
import { cn } from "@/lib/cn";
import { SIDEBAR_WIDTH_MOBILE } from "./sidebar-state";

interface SidebarDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  className: string;
  children: ReactNode;
}

/** The sidebar below 768 px: a modal drawer sliding in from the left, loaded only on small screens. */
export default function SidebarDrawer({ open, onOpenChange, title, className, children }: SidebarDrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(
            className,
            "group fixed inset-y-0 left-0 z-50 border-r border-white/10",
            "motion-safe:animate-[sidebar-in_200ms_ease-out]",
          )}
          // Portalled to <body>, so the provider's CSS variables do not reach it.
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
        >
          <InertAppRoot />
          <VisuallyHidden>
            <DialogPrimitive.Title>{title}</DialogPrimitive.Title>
          </VisuallyHidden>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
