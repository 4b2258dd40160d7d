import { createFileRoute } from "@tanstack/react-router";
import { BackupsPage } from "@/features/admin/backups/backups-page";

export const Route = createFileRoute("/_app/admin/backups")({ component: BackupsPage });
