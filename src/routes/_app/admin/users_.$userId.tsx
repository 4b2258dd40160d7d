import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";

const UserDetailPage = lazy(() =>
  import("@/features/admin/users/user-detail-page").then((module) => ({ default: module.UserDetailPage })),
);

/** Not nested in /admin/users (the trailing underscore): the detail replaces the list. Loads on demand. */
export const Route = createFileRoute("/_app/admin/users_/$userId")({
  component: function AdminUserRoute() {
    const { userId } = Route.useParams();
    return (
      <Suspense fallback={<Loading />}>
        <UserDetailPage userId={userId} />
      </Suspense>
    );
  },
});
