import type { MyTeam, TeamRole } from "@contract/teams";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Plus, Settings2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LazyDialog, lazyDialog } from "@/components/lazy-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSidebar } from "@/components/ui/sidebar";
import { useRoleName } from "@/lib/workspace/role-names";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { parseWorkspaceKey, type Workspace, workspaceKey } from "@/lib/workspace/workspace";
import { workspaceKeys } from "@/lib/workspace/workspaces-api";
import { WorkspaceTrigger } from "./workspace-trigger";

const CreateTeamDialog = lazyDialog(() => import("./create-team-dialog").then((m) => m.default));

/** The switcher's menu (loaded on first use, see workspace-switcher.tsx). */
export default function WorkspaceMenu({
  open,
  onOpenChange,
  focusTrigger = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  focusTrigger?: boolean;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Only on mount: the stand-in's focus carries over once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount-only by design
  useEffect(() => {
    if (focusTrigger && !open) triggerRef.current?.focus();
  }, []);
  const { workspace, teams, select } = useWorkspace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setOpenMobile } = useSidebar();
  const [creating, setCreating] = useState<{ open: boolean } | null>(null);

  // The list is read again each time the menu opens: a team joined elsewhere shows up.
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
  }, [open, queryClient]);

  async function choose(next: Workspace) {
    setOpenMobile(false);
    if (workspaceKey(next) === workspaceKey(workspace)) return;
    // Home first: a page of the previous workspace's app would otherwise switch back to its owner.
    await navigate({ to: "/" });
    select(next);
  }

  return (
    <>
      <DropdownMenu open={open} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger asChild>
          <WorkspaceTrigger ref={triggerRef} />
        </DropdownMenuTrigger>
        <WorkspaceMenuItems
          workspace={workspace}
          teams={teams}
          onSelect={(next) => void choose(next)}
          onCreateTeam={() => setCreating({ open: true })}
          onOpenSettings={(teamId) => {
            setOpenMobile(false);
            void navigate({ to: "/teams/$teamId", params: { teamId } });
          }}
        />
      </DropdownMenu>
      {creating && (
        <LazyDialog open={creating.open} onClose={() => setCreating({ open: false })}>
          <CreateTeamDialog
            open={creating.open}
            onOpenChange={(next) => setCreating({ open: next })}
            onCreated={(teamId) => {
              select({ type: "team", id: teamId });
              // On a phone the drawer (and this dialog in it) closes: the team's page opens behind.
              setOpenMobile(false);
            }}
          />
        </LazyDialog>
      )}
    </>
  );
}

/** The menu's content: Personal and each team (with the user's role there), then Create team and the team's settings. */
export function WorkspaceMenuItems({
  workspace,
  teams,
  onSelect,
  onCreateTeam,
  onOpenSettings,
}: {
  workspace: Workspace;
  teams: readonly MyTeam[] | undefined;
  onSelect(workspace: Workspace): void;
  onCreateTeam(): void;
  onOpenSettings(teamId: string): void;
}) {
  const { t } = useLingui();
  return (
    <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-56 max-w-80">
      <DropdownMenuLabel className="text-xs text-slate-400">{t`Workspaces`}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={workspaceKey(workspace)} onValueChange={(key) => onSelect(parseWorkspaceKey(key))}>
        <DropdownMenuRadioItem value="personal">{t`Personal`}</DropdownMenuRadioItem>
        {teams?.map((team) => (
          <DropdownMenuRadioItem key={team.id} value={workspaceKey({ type: "team", id: team.id })}>
            <span className="min-w-0 truncate">{team.displayName}</span>
            <RoleBadge role={team.role} />
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      {teams === undefined && <DropdownMenuItem disabled>{t`Loading...`}</DropdownMenuItem>}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onCreateTeam}>
        <Plus aria-hidden="true" />
        {t`Create team`}
      </DropdownMenuItem>
      {workspace.type === "team" && (
        <DropdownMenuItem onSelect={() => onOpenSettings(workspace.id)}>
          <Settings2 aria-hidden="true" />
          {t`Team settings`}
        </DropdownMenuItem>
      )}
    </DropdownMenuContent>
  );
}

function RoleBadge({ role }: { role: TeamRole | null }) {
  const name = useRoleName();
  if (!role) return null;
  return <span className="ml-auto shrink-0 text-xs text-slate-400">{name(role)}</span>;
}
