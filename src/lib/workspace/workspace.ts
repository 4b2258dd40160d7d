import type { MyTeam, ResourceOwner, TeamRole } from "@contract/teams";

/** Where the sidebar's lists, the home page and new resources are: the user's own, or a team's. */
export type Workspace = { type: "personal" } | { type: "team"; id: string };

export const PERSONAL: Workspace = { type: "personal" };

/** What the UI stores for a workspace: `personal` or the team's id. */
export function workspaceKey(workspace: Workspace): string {
  return workspace.type === "personal" ? "personal" : `team:${workspace.id}`;
}

export function parseWorkspaceKey(key: string | null): Workspace {
  if (key?.startsWith("team:") && key.length > 5) return { type: "team", id: key.slice(5) };
  return PERSONAL;
}

/** The workspace a resource belongs to: its team's, or (a user's) the personal one. */
export function workspaceOf(owner: ResourceOwner | undefined): Workspace {
  return owner?.type === "team" ? { type: "team", id: owner.id } : PERSONAL;
}

/** Whether a resource shows in the workspace. A resource without an owner (queued offline) is personal. */
export function inWorkspace(owner: ResourceOwner | undefined, workspace: Workspace): boolean {
  return workspaceKey(workspaceOf(owner)) === workspaceKey(workspace);
}

const RANK: Record<TeamRole, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };

export function atLeast(role: TeamRole | null | undefined, needed: TeamRole): boolean {
  return role != null && RANK[role] >= RANK[needed];
}

/**
 * The caller's role on a resource, as the server decides it (server/api/lib/access): owner of their
 * personal ones, their team role on a team's; null while the teams are unknown or without a role.
 */
export function roleOn(owner: ResourceOwner | undefined, teams: readonly MyTeam[] | undefined): TeamRole | null {
  if (!owner || owner.type === "user") return "owner";
  return teams?.find((team) => team.id === owner.id)?.role ?? null;
}
