import { createFileRoute, useParams } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";

const DatabasePage = lazy(() =>
  import("@/features/database/database-page").then((module) => ({ default: module.DatabasePage })),
);

/** A thin shell: the database page (its own feature) loads on demand. */
export const Route = createFileRoute("/_app/db/$dbId")({
  component: function DatabaseRoute() {
    const { dbId } = useParams({ from: "/_app/db/$dbId" });
    return (
      <Suspense fallback={<Loading />}>
        <DatabasePage dbId={dbId} />
      </Suspense>
    );
  },
});
