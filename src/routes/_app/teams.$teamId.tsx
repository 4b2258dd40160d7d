import { createFileRoute, useParams } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import { loadAreaMessages } from "@/lib/area-messages";

const TeamPage = lazy(() =>
  Promise.all([import("@/features/teams/team-page"), loadAreaMessages()]).then(([module]) => ({
    default: module.TeamPage,
  })),
);

/** A thin shell: the team page (and the SDK it uses) loads on demand. */
export const Route = createFileRoute("/_app/teams/$teamId")({
  component: function TeamRoute() {
    const { teamId } = useParams({ from: "/_app/teams/$teamId" });
    return (
      <Suspense fallback={<Loading />}>
        <TeamPage teamId={teamId} />
      </Suspense>
    );
  },
});
