import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import { loadAreaMessages } from "@/lib/area-messages";

const ApiKeysPage = lazy(() =>
  Promise.all([import("@/features/api-keys/api-keys-page"), loadAreaMessages()]).then(([module]) => ({
    default: module.ApiKeysPage,
  })),
);

/** A thin shell: the API keys page (and the SDK it uses) loads on demand. */
export const Route = createFileRoute("/_app/api-keys")({
  component: function ApiKeysRoute() {
    return (
      <Suspense fallback={<Loading />}>
        <ApiKeysPage />
      </Suspense>
    );
  },
});
