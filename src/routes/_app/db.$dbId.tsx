import { createFileRoute, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import { pickDatabaseSearch } from "@/features/database/search-keys";
import { loadAreaMessages } from "@/lib/area-messages";

const DatabasePage = lazy(() =>
  Promise.all([import("@/features/database/database-page"), loadAreaMessages()]).then(([module]) => ({
    default: module.DatabasePage,
  })),
);

/** A thin shell: the database page (its own feature) loads on demand; its state is in the search. */
export const Route = createFileRoute("/_app/db/$dbId")({
  validateSearch: pickDatabaseSearch,
  component: function DatabaseRoute() {
    const { dbId } = useParams({ from: "/_app/db/$dbId" });
    const search = useSearch({ from: "/_app/db/$dbId" });
    const navigate = useNavigate({ from: "/db/$dbId" });
    return (
      <Suspense fallback={<Loading />}>
        <DatabasePage
          dbId={dbId}
          rawSearch={search}
          onSearch={(patch, options) =>
            void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: options?.replace })
          }
        />
      </Suspense>
    );
  },
});
