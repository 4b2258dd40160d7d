import { createFileRoute } from "@tanstack/react-router";
import { AppsOverview } from "@/features/apps/apps-overview";

export const Route = createFileRoute("/_app/")({ component: () => <AppsOverview /> });
