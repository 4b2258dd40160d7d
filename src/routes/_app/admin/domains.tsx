import { createFileRoute } from "@tanstack/react-router";
import { ProjectSettingsPage } from "@/features/admin/project/project-settings-page";

export const Route = createFileRoute("/_app/admin/domains")({ component: ProjectSettingsPage });
