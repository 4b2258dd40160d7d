import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import { loadAreaMessages } from "@/lib/area-messages";

const ImpersonatePage = lazy(() =>
  Promise.all([import("@/features/impersonation/impersonate-page"), loadAreaMessages()]).then(([module]) => ({
    default: module.ImpersonatePage,
  })),
);

/** A thin shell: the hand-over page and its texts load on demand (only an operator's new tab opens it). */
export const Route = createFileRoute("/impersonate")({
  component: () => (
    <Suspense fallback={<Loading />}>
      <ImpersonatePage />
    </Suspense>
  ),
});
