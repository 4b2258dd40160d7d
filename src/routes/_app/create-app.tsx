import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { useAppDialogs } from "@/features/apps/app-dialogs";
import { AppsOverview } from "@/features/apps/apps-overview";

/** /create-app is the home page with the create dialog opened. */
export const Route = createFileRoute("/_app/create-app")({
  component: function CreateAppRoute() {
    const { openCreate } = useAppDialogs();
    useEffect(openCreate, [openCreate]);
    return <AppsOverview />;
  },
});
