import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * Stack's built-in team permissions in the user's words. The auth service describes them in
 * Stack's English wire texts; a project's own permissions and roles show the description their
 * operator wrote.
 */
const SYSTEM_PERMISSIONS: Record<string, MessageDescriptor> = {
  $update_team: msg`Rename the team`,
  $delete_team: msg`Delete the team`,
  $read_members: msg`See the other members`,
  $remove_members: msg`Remove members and withdraw invitations`,
  $invite_members: msg`Invite people`,
  $manage_api_keys: msg`Manage the team's API keys`,
};

export function systemPermissionText(id: string): MessageDescriptor | undefined {
  return Object.hasOwn(SYSTEM_PERMISSIONS, id) ? SYSTEM_PERMISSIONS[id] : undefined;
}
