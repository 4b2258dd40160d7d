import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import { loadAreaMessages } from "@/lib/area-messages";

const ImpersonationEndedPage = lazy(() =>
  Promise.all([import("@/features/impersonation/impersonation-ended-page"), loadAreaMessages()]).then(([module]) => ({
    default: module.ImpersonationEndedPage,
  })),
);

export const Route = createFileRoute("/impersonation-ended")({
  component: () => (
    <Suspense fallback={<Loading />}>
      <ImpersonationEndedPage />
    </Suspense>
  ),
});
