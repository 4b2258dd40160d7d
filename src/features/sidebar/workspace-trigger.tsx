import { useLingui } from "@lingui/react/macro";
import { ChevronsUpDown, User, Users } from "lucide-react";
import type { ComponentProps } from "react";
import { SidebarMenuButton } from "@/components/ui/sidebar";
import { useWorkspace } from "@/lib/workspace/use-workspace";

/** The name a workspace goes by: "Personal", or the team's name (its id until the teams are known). */
export function useWorkspaceName(): string {
  const { t } = useLingui();
  const { workspace, team } = useWorkspace();
  if (workspace.type === "personal") return t`Personal`;
  return team?.displayName ?? t`Team`;
}

/**
 * The switcher's button at the top of the sidebar: the selected workspace's name. Apart from the
 * menu (workspace-menu.tsx), which loads when someone reaches for it, like the user menu.
 */
export function WorkspaceTrigger(props: ComponentProps<"button">) {
  const { t } = useLingui();
  const { workspace } = useWorkspace();
  const name = useWorkspaceName();
  return (
    // No aria-label: the name is the visible text ("Workspace Personal"), as axe and voice control want.
    <SidebarMenuButton tooltip={name} size="lg" {...props}>
      {workspace.type === "personal" ? <User aria-hidden="true" /> : <Users aria-hidden="true" />}
      <span className="flex min-w-0 flex-1 flex-col text-left leading-tight">
        <span className="text-xs text-slate-400">{t`Workspace`} </span>
        <span className="truncate font-medium text-white">{name}</span>
      </span>
      <ChevronsUpDown aria-hidden="true" className="ml-auto group-data-[collapsed=true]:hidden" />
    </SidebarMenuButton>
  );
}
