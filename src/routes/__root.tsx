import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { createPortal } from "react-dom";
import { LazyToaster } from "@/components/lazy-toaster";
import { LiveAnnouncer } from "@/components/live-announcer";
import { LiveUpdates } from "@/features/live/live-updates";
import { loadAreaMessages } from "@/lib/area-messages";
import { currentImpersonation } from "@/lib/session/impersonation";
import type { RouterContext } from "../router";

/** Only an impersonation tab shows it: its code and texts stay out of every other tab's first paint. */
const ImpersonationBanner = lazy(() =>
  Promise.all([import("@/features/impersonation/impersonation-banner"), loadAreaMessages()]).then(([module]) => ({
    default: module.ImpersonationBanner,
  })),
);

/** Spec toast defaults: top-left, 4000 ms, three at once, 356 px wide. */
const TOAST_DURATION_MS = 4000;
const TOASTS_VISIBLE = 3;
const TOAST_WIDTH_PX = 356;
/** Below the signed-in pages' 48 px header (its logo and sidebar toggle stay visible), 8 px apart. */
const TOAST_OFFSET = { top: 56, left: 16 } as const;

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  const impersonation = currentImpersonation();
  return (
    <>
      {impersonation && (
        <Suspense fallback={null}>
          <ImpersonationBanner impersonation={impersonation} />
        </Suspense>
      )}
      <Outlet />
      {/* Outside #root, which turns inert while a modal is open: toasts and announcements stay live. */}
      {createPortal(
        <>
          <LazyToaster
            position="top-left"
            offset={TOAST_OFFSET}
            mobileOffset={TOAST_OFFSET}
            duration={TOAST_DURATION_MS}
            visibleToasts={TOASTS_VISIBLE}
            style={{ "--width": `${TOAST_WIDTH_PX}px` } as React.CSSProperties}
            theme="dark"
            richColors
          />
          <LiveAnnouncer />
        </>,
        document.body,
      )}
      {/* The live socket signs in with the session cookie, which in an impersonation tab is the operator's. */}
      {!impersonation && <LiveUpdates />}
    </>
  );
}
