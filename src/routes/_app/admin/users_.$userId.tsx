import { createFileRoute } from "@tanstack/react-router";
import { UserDetailPage } from "@/features/admin/users/user-detail-page";

/** Not nested in /admin/users (the trailing underscore): the detail replaces the list. */
export const Route = createFileRoute("/_app/admin/users_/$userId")({
  component: function AdminUserRoute() {
    const { userId } = Route.useParams();
    return <UserDetailPage userId={userId} />;
  },
});
