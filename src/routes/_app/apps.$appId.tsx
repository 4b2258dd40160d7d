import { createFileRoute } from "@tanstack/react-router";
import { AppsOverview } from "@/features/apps/apps-overview";

export const Route = createFileRoute("/_app/apps/$appId")({
  component: function AppRoute() {
    const { appId } = Route.useParams();
    return <AppsOverview selectedAppId={appId} />;
  },
});
