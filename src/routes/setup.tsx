import { createFileRoute, useSearch } from "@tanstack/react-router";
import { SetupPage } from "@/features/setup/setup-page";
import { stringParams } from "@/lib/search-params";

export const Route = createFileRoute("/setup")({
  validateSearch: stringParams(["token"]),
  component: function SetupRoute() {
    const { token } = useSearch({ from: "/setup" });
    return <SetupPage token={token} />;
  },
});
