import { createFileRoute, useParams } from "@tanstack/react-router";
import { AppPage } from "@/features/apps/app-page";

export const Route = createFileRoute("/_app/apps/$appId")({
  component: function AppRoute() {
    const { appId } = useParams({ from: "/_app/apps/$appId" });
    return <AppPage key={appId} appId={appId} />;
  },
});
