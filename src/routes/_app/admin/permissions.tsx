import { createFileRoute } from "@tanstack/react-router";
import { PermissionsPage } from "@/features/admin/permissions/permissions-page";

export const Route = createFileRoute("/_app/admin/permissions")({ component: PermissionsPage });
