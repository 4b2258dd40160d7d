import { createFileRoute } from "@tanstack/react-router";
import { TeamsPage } from "@/features/admin/teams/teams-page";

export const Route = createFileRoute("/_app/admin/teams")({ component: TeamsPage });
