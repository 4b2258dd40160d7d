import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import { loadAreaMessages } from "@/lib/area-messages";

const AdminLayout = lazy(() =>
  Promise.all([import("@/features/admin/admin-layout"), loadAreaMessages()]).then(([module]) => ({
    default: module.AdminLayout,
  })),
);

/** A thin shell: the admin area (operators only) loads on demand. */
export const Route = createFileRoute("/_app/admin")({
  component: function AdminRoute() {
    return (
      <Suspense fallback={<Loading />}>
        <AdminLayout />
      </Suspense>
    );
  },
});
