import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "@/components/ui/sidebar-state";

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** True below 768 px, where the sidebar becomes a slide-in drawer. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
