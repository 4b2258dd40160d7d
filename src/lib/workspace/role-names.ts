import type { TeamRole } from "@contract/teams";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";

/** A team role's name in the user's language. */
export const ROLE_NAMES: Record<TeamRole, MessageDescriptor> = {
  viewer: msg`Viewer`,
  developer: msg`Developer`,
  admin: msg`Admin`,
  owner: msg`Owner`,
};

export function useRoleName(): (role: TeamRole) => string {
  const { i18n } = useLingui();
  return (role) => i18n._(ROLE_NAMES[role]);
}
