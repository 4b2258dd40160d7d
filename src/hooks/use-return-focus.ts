import { useRef } from "react";

/**
 * Returns focus to whatever had it when a Radix dialog opened. Radix only knows its own
 * <Trigger>; our dialogs are opened from buttons elsewhere (and loaded lazily), so without this
 * focus would fall back to <body> on close.
 */
export function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = previous.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
