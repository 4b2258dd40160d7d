import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AuthGuard } from "@/components/auth-guard";
import { AppShell } from "@/features/sidebar/app-shell";

export const Route = createFileRoute("/_app")({
  component: function AppLayout() {
    return (
      <AuthGuard>
        <AppShell>
          <Outlet />
        </AppShell>
      </AuthGuard>
    );
  },
});
