import { createFileRoute } from "@tanstack/react-router";
import { TeamDetailPage } from "@/features/admin/teams/team-detail-page";

/** Not nested in /admin/teams (the trailing underscore): the detail replaces the list. */
export const Route = createFileRoute("/_app/admin/teams_/$teamId")({
  component: function AdminTeamRoute() {
    const { teamId } = Route.useParams();
    return <TeamDetailPage teamId={teamId} />;
  },
});
