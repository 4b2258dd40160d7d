/**
 * The team permissions that exist. Until custom permission definitions are built, these are
 * Stack's system ($) permissions and its two default roles, with the contents the recorded Stack
 * server gives them (team_admin lacks $delete_team and $invite_members there, too).
 */
const SYSTEM_PERMISSIONS = [
  "$delete_team",
  "$invite_members",
  "$manage_api_keys",
  "$read_members",
  "$remove_members",
  "$update_team",
] as const;

const ROLE_CONTENTS: Record<string, readonly string[]> = {
  team_admin: ["$read_members", "$remove_members", "$update_team"],
  team_member: ["$read_members"],
};

export function teamPermissionExists(id: string): boolean {
  return (SYSTEM_PERMISSIONS as readonly string[]).includes(id) || id in ROLE_CONTENTS;
}

/** Every permission the direct grants amount to, contained ones included, sorted by id. */
export function expandTeamPermissions(granted: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const id of granted) {
    all.add(id);
    for (const contained of ROLE_CONTENTS[id] ?? []) all.add(contained);
  }
  return new Set([...all].sort());
}
