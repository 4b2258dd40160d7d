import { createFileRoute, useParams } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";

const TeamDetailPage = lazy(() =>
  import("@/features/admin/teams/team-detail-page").then((module) => ({ default: module.TeamDetailPage })),
);

/** Not nested in /admin/teams (the trailing underscore): the detail replaces the list. Loads on demand. */
export const Route = createFileRoute("/_app/admin/teams_/$teamId")({
  component: function AdminTeamRoute() {
    const { teamId } = useParams({ from: "/_app/admin/teams_/$teamId" });
    return (
      <Suspense fallback={<Loading />}>
        <TeamDetailPage teamId={teamId} />
      </Suspense>
    );
  },
});
