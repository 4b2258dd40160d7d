import { createFileRoute } from "@tanstack/react-router";
import { AdminOverview } from "@/features/admin/overview/admin-overview";

/** The admin area's first page: metrics as charts (the admin layout route loads this chunk). */
export const Route = createFileRoute("/_app/admin/")({ component: AdminOverview });
