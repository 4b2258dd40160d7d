import type { MyTeam, ResourceOwner, TeamRole } from "@contract/teams";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useSessionUser } from "@/components/auth-guard";
import { selectedWorkspaceKey, selectWorkspace, subscribeSelectedWorkspace } from "./selected-workspace";
import { inWorkspace, PERSONAL, parseWorkspaceKey, roleOn, type Workspace, workspaceOf } from "./workspace";
import { myTeamsQuery } from "./workspaces-api";

export interface WorkspaceState {
  workspace: Workspace;
  /** The selected team, when the workspace is a team's and the teams are known. */
  team: MyTeam | undefined;
  /** The user's teams (undefined until known). */
  teams: MyTeam[] | undefined;
  /** The user's role in the selected workspace: owner of their personal one. */
  role: TeamRole | null;
  select(workspace: Workspace): void;
}

/** The signed-in user's selected workspace, kept per user in this browser across reloads. */
export function useWorkspace(): WorkspaceState {
  const userId = useSessionUser().id;
  const key = useSyncExternalStore(subscribeSelectedWorkspace, () => selectedWorkspaceKey(userId));
  const teams = useQuery(myTeamsQuery()).data;
  const stored = parseWorkspaceKey(key);
  // A team the user left, or that was deleted, falls back to personal once the teams are known.
  const gone = stored.type === "team" && teams !== undefined && !teams.some((team) => team.id === stored.id);
  const workspace = gone ? PERSONAL : stored;
  const team = workspace.type === "team" ? teams?.find((candidate) => candidate.id === workspace.id) : undefined;
  const select = useCallback((next: Workspace) => selectWorkspace(userId, next), [userId]);
  const role: TeamRole | null = workspace.type === "personal" ? "owner" : (team?.role ?? null);
  return { workspace, team, teams, role, select };
}

/** The caller's role on a resource (see roleOn). */
export function useRoleOn(owner: ResourceOwner | undefined): TeamRole | null {
  const teams = useQuery(myTeamsQuery()).data;
  return roleOn(owner, teams);
}

/**
 * A page of one resource (/apps/{id}, /db/{id}) opens in the workspace that owns it, so a link a
 * team member shares lands in the team's workspace with the sidebar showing its neighbours.
 */
export function useFollowOwner(owner: ResourceOwner | undefined): void {
  const { workspace, select } = useWorkspace();
  const ownerKey = owner ? `${owner.type}:${owner.id}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the owner is compared by its key
  useEffect(() => {
    if (owner && !inWorkspace(owner, workspace)) select(workspaceOf(owner));
  }, [ownerKey, workspace, select]);
}
