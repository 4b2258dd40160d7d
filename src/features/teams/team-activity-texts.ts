import type { TeamActivityAction, TeamActivityEntry, TeamEventAction } from "@contract/team-activity";
import { teamRoleSchema } from "@contract/teams";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { APP_AUDIT_ACTION_LABELS } from "@/lib/audit/app-audit-action-labels";
import { useAuditEventText } from "@/lib/audit/audit-event-text";
import { useRoleName } from "@/lib/workspace/role-names";

const TEAM_EVENT_LABELS: Record<TeamEventAction, MessageDescriptor> = {
  "team.created": msg`Team created`,
  "team.renamed": msg`Team renamed`,
  "team.deleted": msg`Team deleted`,
  "member.left": msg`Member left`,
  "member.removed": msg`Member removed`,
  "member.role_changed": msg`Role changed`,
  "team.ownership_transferred": msg`Ownership transferred`,
  "invitation.role_set": msg`Invitation role set`,
  "invitation.withdrawn": msg`Invitation withdrawn`,
  "invitation.accepted": msg`Invitation accepted`,
  "app.moved_in": msg`App moved into the team`,
  "app.moved_out": msg`App moved out of the team`,
  "database.moved_in": msg`Database moved into the team`,
  "database.moved_out": msg`Database moved out of the team`,
  "impersonation.auth_change": msg`Change during an impersonation`,
};

const isTeamEvent = (action: TeamActivityAction): action is TeamEventAction => action in TEAM_EVENT_LABELS;

/** Every action of the view in words, for its filter: the apps' history's words, then the team's own. */
export function teamActivityActionLabel(action: TeamActivityAction): MessageDescriptor {
  return isTeamEvent(action) ? TEAM_EVENT_LABELS[action] : APP_AUDIT_ACTION_LABELS[action];
}

/** An entry as a sentence in the reader's language: the app history's sentences, and the team's own events. */
export function useTeamActivityText() {
  const { t } = useLingui();
  const appText = useAuditEventText();
  const roleName = useRoleName();
  return (entry: TeamActivityEntry): string => {
    const { action } = entry;
    if (!isTeamEvent(action)) return appText({ ...entry, action });
    const user = entry.actor.label ?? entry.actor.id;
    const operator = entry.actor.impersonator ? (entry.actor.impersonator.label ?? entry.actor.impersonator.id) : null;
    const who = operator ? t`${operator} as ${user}` : user;
    const subject = entry.subject ?? "";
    const parsed = teamRoleSchema.safeParse(entry.detail?.role);
    const role = parsed.success ? roleName(parsed.data) : "";
    const name = entry.resource.name ?? entry.resource.id;
    const previousName = typeof entry.detail?.previousName === "string" ? entry.detail.previousName : "";
    switch (action) {
      case "team.created":
        return t`${who} created the team ${subject}`;
      case "team.renamed":
        return t`${who} renamed the team from ${previousName} to ${subject}`;
      case "team.deleted":
        return t`${who} deleted the team ${subject}`;
      case "member.left":
        return t`${who} left the team`;
      case "member.removed":
        return t`${who} removed ${subject} from the team`;
      case "member.role_changed":
        return t`${who} made ${subject} ${role}`;
      case "team.ownership_transferred":
        return t`${who} handed the team over to ${subject}`;
      case "invitation.role_set":
        return t`${who} invited ${subject} as ${role}`;
      case "invitation.withdrawn":
        return t`${who} withdrew the invitation of ${subject}`;
      case "invitation.accepted":
        return t`${who} joined as ${role}`;
      case "app.moved_in":
        return t`${who} moved the app ${name} into the team`;
      case "app.moved_out":
        return t`${who} moved the app ${name} out of the team`;
      case "database.moved_in":
        return t`${who} moved the database ${name} into the team`;
      case "database.moved_out":
        return t`${who} moved the database ${name} out of the team`;
      case "impersonation.auth_change":
        return t`${who} changed the team through the sign-in service (${subject})`;
    }
  };
}
