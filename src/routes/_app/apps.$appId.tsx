import { createFileRoute, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { AppPage } from "@/features/apps/app-page";
import { stringParams } from "@/lib/search-params";

export const Route = createFileRoute("/_app/apps/$appId")({
  // The secrets panel's environment is in the URL, so a link opens the same list.
  validateSearch: stringParams(["environment"]),
  component: function AppRoute() {
    const { appId } = useParams({ from: "/_app/apps/$appId" });
    const { environment } = useSearch({ from: "/_app/apps/$appId" });
    const navigate = useNavigate({ from: "/apps/$appId" });
    return (
      <AppPage
        key={appId}
        appId={appId}
        environment={environment}
        onEnvironmentChange={(slug) => void navigate({ search: (previous) => ({ ...previous, environment: slug }) })}
      />
    );
  },
});
