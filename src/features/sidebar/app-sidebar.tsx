import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { AppWindow, Database, House, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Logo } from "@/components/logo";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "@/components/ui/sidebar";
import { Spinner } from "@/components/ui/spinner";
import { appsQuery } from "@/features/apps/api";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { inWorkspace } from "@/lib/workspace/workspace";
import { databasesQuery } from "../database/databases-api";
import { NewDatabaseItem, useNewDatabaseDialog } from "./new-database-item";
import { UserMenu } from "./user-menu";
import { WorkspaceSwitcher } from "./workspace-switcher";

export function AppSidebar() {
  const { t } = useLingui();
  const apps = useQuery(appsQuery());
  const databases = useQuery(databasesQuery());
  const newDatabase = useNewDatabaseDialog();
  // The lists hold every workspace's resources (one cache, kept for offline use); the sidebar shows
  // the selected workspace's.
  const { workspace } = useWorkspace();
  const shownApps = apps.data?.filter((app) => inWorkspace(app.owner, workspace));
  const shownDatabases = databases.data?.filter((db) => inWorkspace(db.owner, workspace));

  return (
    <>
      <Sidebar label={t`Main navigation`} drawerTitle={t`Navigation`}>
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild tooltip="App Console" size="lg" className="font-semibold">
                <Link to="/">
                  <Logo />
                  <span>App Console</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
            <SidebarMenuItem>
              <WorkspaceSwitcher />
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup label={t`Main`}>
            <SidebarMenu>
              <NavLink to="/" label={t`Home`} icon={<House aria-hidden="true" />} exact />
              <NavLink to="/create-app" label={t`Create App`} icon={<Plus aria-hidden="true" />} />
            </SidebarMenu>
          </SidebarGroup>
          <SidebarGroup label={t`Databases`}>
            <SidebarMenu aria-busy={databases.isPending}>
              {databases.isPending && <LoadingRow label={t`Loading...`} />}
              {shownDatabases?.map((db) => (
                <NavLink
                  key={db.id}
                  to="/db/$dbId"
                  params={{ dbId: db.id }}
                  label={db.name}
                  icon={<Database aria-hidden="true" />}
                />
              ))}
              {databases.isSuccess && <NewDatabaseItem onOpen={newDatabase.open} />}
            </SidebarMenu>
          </SidebarGroup>
          <SidebarGroup label={t`Apps`}>
            <SidebarMenu aria-busy={apps.isPending}>
              {apps.isPending && <LoadingRow label={t`Loading...`} />}
              {shownApps?.map((app) => (
                <NavLink
                  key={app.id}
                  to="/apps/$appId"
                  params={{ appId: app.id }}
                  label={app.title}
                  icon={app.isBusy ? <Spinner /> : <AppWindow aria-hidden="true" />}
                />
              ))}
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          <UserMenu />
        </SidebarFooter>
      </Sidebar>
      {newDatabase.dialog}
    </>
  );
}

function LoadingRow({ label }: { label: string }) {
  return (
    // The status inside the item: a <li> with role=status is no list item any more (axe: list).
    <li className="flex h-8 items-center px-2 text-sm text-slate-400">
      <span role="status" className="flex items-center gap-2">
        <Spinner />
        <span className="group-data-[collapsed=true]:sr-only">{label}</span>
      </span>
    </li>
  );
}

type NavLinkProps = { label: string; icon: ReactNode; exact?: boolean } & (
  | { to: "/" | "/create-app"; params?: undefined }
  | { to: "/apps/$appId"; params: { appId: string } }
  | { to: "/db/$dbId"; params: { dbId: string } }
);

function NavLink({ label, icon, exact, ...link }: NavLinkProps) {
  const { setOpenMobile } = useSidebar();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild tooltip={label}>
        <Link
          {...(link as { to: string; params?: Record<string, string> })}
          activeOptions={{ exact: exact ?? false }}
          activeProps={{ "data-active": true, "aria-current": "page" }}
          onClick={() => setOpenMobile(false)}
        >
          {icon}
          <span>{label}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}
