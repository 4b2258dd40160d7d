import { useEffect } from "react";

let openModals = 0;

/**
 * While a modal is mounted, the app behind it (#root) is `inert`: not focusable, not clickable
 * and out of the accessibility tree. Radix only marks it aria-hidden, which leaves its links
 * focusable (axe: aria-hidden-focus). Modals, toasts and the live region are portalled to
 * <body>, outside #root, so they stay usable.
 */
export function useInertAppRoot(): void {
  useEffect(() => {
    const root = document.getElementById("root");
    if (!root) return;
    openModals += 1;
    root.inert = true;
    return () => {
      openModals -= 1;
      if (openModals === 0) root.inert = false;
    };
  }, []);
}

/** Renders nothing; place it inside modal content, which only mounts while the modal is open. */
export function InertAppRoot(): null {
  useInertAppRoot();
  return null;
}
