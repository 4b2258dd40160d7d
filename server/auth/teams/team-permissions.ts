/**
 * The permissions a team member can hold. Until custom permission definitions exist, the two
 * default roles are the only non-system ones; each contains Stack's system ($) permissions.
 */
const ROLE_CONTENTS: Record<string, readonly string[]> = {
  team_admin: [
    "$update_team",
    "$delete_team",
    "$read_members",
    "$remove_members",
    "$invite_members",
    "$manage_api_keys",
  ],
  team_member: ["$read_members", "$invite_members"],
};

/** Every permission the direct grants amount to, contained ones included. */
export function expandTeamPermissions(granted: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const id of granted) {
    all.add(id);
    for (const contained of ROLE_CONTENTS[id] ?? []) all.add(contained);
  }
  return all;
}
