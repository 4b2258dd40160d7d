import { TEAM_ROLE_PERMISSION, TEAM_ROLES, type TeamRole } from "../../../contract/teams.ts";

/** What a caller may do with a resource: a team role, or `owner` of their own personal one. */
export type Role = TeamRole;

const RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };

export const atLeast = (role: Role, needed: Role) => RANK[role] >= RANK[needed];

/**
 * Stack's default team roles count as console roles too, so teams made before the console had
 * roles (and by any Stack client) keep working: the creator's `team_admin` is an owner, an invited
 * member's `team_member` a viewer.
 */
const STACK_DEFAULT_ROLES: Record<string, Role> = { team_admin: "owner", team_member: "viewer" };

/** The strongest console role among a member's (expanded) team permissions; null for none. */
export function roleFromPermissions(permissions: readonly string[]): Role | null {
  let best: Role | null = null;
  for (const id of permissions) {
    const role =
      STACK_DEFAULT_ROLES[id] ?? TEAM_ROLES.find((candidate) => TEAM_ROLE_PERMISSION[candidate] === id) ?? null;
    if (role && (best === null || RANK[role] > RANK[best])) best = role;
  }
  return best;
}

/** Every permission a role change replaces: the console's roles and Stack's two defaults. */
export const ROLE_PERMISSION_IDS: readonly string[] = [
  ...Object.values(TEAM_ROLE_PERMISSION),
  ...Object.keys(STACK_DEFAULT_ROLES),
];
