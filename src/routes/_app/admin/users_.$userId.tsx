import { createFileRoute, useParams } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";

const UserDetailPage = lazy(() =>
  import("@/features/admin/users/user-detail-page").then((module) => ({ default: module.UserDetailPage })),
);

/** Not nested in /admin/users (the trailing underscore): the detail replaces the list. Loads on demand. */
export const Route = createFileRoute("/_app/admin/users_/$userId")({
  component: function AdminUserRoute() {
    const { userId } = useParams({ from: "/_app/admin/users_/$userId" });
    return (
      <Suspense fallback={<Loading />}>
        <UserDetailPage userId={userId} />
      </Suspense>
    );
  },
});
