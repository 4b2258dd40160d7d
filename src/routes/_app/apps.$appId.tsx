import { createFileRoute, useParams } from "@tanstack/react-router";
import { AppsOverview } from "@/features/apps/apps-overview";

export const Route = createFileRoute("/_app/apps/$appId")({
  component: function AppRoute() {
    const { appId } = useParams({ from: "/_app/apps/$appId" });
    return <AppsOverview selectedAppId={appId} />;
  },
});
