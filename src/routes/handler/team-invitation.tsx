import { createFileRoute, useSearch } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import { loadAreaMessages } from "@/lib/area-messages";
import { stringParams } from "@/lib/search-params";

const TeamInvitationPage = lazy(() =>
  Promise.all([import("@/features/teams/team-invitation-page"), loadAreaMessages()]).then(([module]) => ({
    default: module.TeamInvitationPage,
  })),
);

/** The link of a team invitation mail; the page (and the SDK it uses) loads on demand. */
export const Route = createFileRoute("/handler/team-invitation")({
  validateSearch: stringParams(["code"]),
  component: function TeamInvitationRoute() {
    const { code } = useSearch({ from: "/handler/team-invitation" });
    return (
      <Suspense fallback={<Loading />}>
        <TeamInvitationPage code={code} />
      </Suspense>
    );
  },
});
