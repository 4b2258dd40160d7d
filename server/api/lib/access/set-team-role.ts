import { TEAM_ROLE_PERMISSION, type TeamRole } from "../../../contract/teams.ts";
import type { UserEvents } from "../core/user-events.ts";
import { ownerChannel } from "./owner.ts";
import { ROLE_PERMISSION_IDS } from "./roles.ts";
import type { StackServerApi } from "./stack-server-api.ts";
import type { TeamRights } from "./team-rights.ts";

/** What changing a member's role takes: the auth service, the cached rights, the members' pages. */
export interface TeamRoleDeps {
  stackApi: StackServerApi;
  rights: TeamRights;
  events: UserEvents;
}

/**
 * Makes `role` the member's only console role: grants its permission first, then takes back every
 * other role permission (the console's and Stack's two defaults), so the member never holds less
 * than one of the two on the way. This instance forgets its cached rights at once.
 */
export async function setTeamRole(deps: TeamRoleDeps, teamId: string, userId: string, role: TeamRole): Promise<void> {
  const granted = await deps.stackApi.directTeamPermissions(teamId, userId);
  await deps.stackApi.grantTeamPermission(teamId, userId, TEAM_ROLE_PERMISSION[role]);
  for (const id of granted) {
    if (ROLE_PERMISSION_IDS.includes(id) && id !== TEAM_ROLE_PERMISSION[role]) {
      await deps.stackApi.revokeTeamPermission(teamId, userId, id);
    }
  }
  deps.rights.forget(teamId, userId);
  // Every member's open team page and workspace list show roles: they read them again.
  await deps.events.publish(ownerChannel({ type: "team", id: teamId }), {
    type: "store",
    store: "teams",
    op: "refetch",
    teamId,
  });
}

/** Whether the user is a member of the team (with a console role or without one). */
export async function isTeamMember(deps: TeamRoleDeps, teamId: string, userId: string): Promise<boolean> {
  if ((await deps.rights.roleIn(teamId, userId)) !== null) return true;
  return (await deps.stackApi.teamPermissions(teamId, userId)) !== null;
}
