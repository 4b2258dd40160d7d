import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { AccountSection } from "@/components/account-section";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { myTeamsQuery } from "@/lib/workspace/workspaces-api";
import { type SdkTeam, type SdkUser, teamMembersQuery } from "../../lib/teams-sdk";
import { MemberRoleSelect } from "./member-role-select";
import { RemoveMemberButton } from "./remove-member-button";

/** The members by name, else by e-mail, with their roles (changed here by admins); reading them needs $read_members. */
export function TeamMembersSection({ user, team, canRead }: { user: SdkUser; team: SdkTeam; canRead: boolean }) {
  const { t, i18n } = useLingui();
  const members = useQuery({ ...teamMembersQuery(team), enabled: canRead });
  const callerRole = useQuery(myTeamsQuery()).data?.find((candidate) => candidate.id === team.id)?.role ?? null;

  return (
    <AccountSection id="team-members" title={t`Members`}>
      {!canRead && <p className="text-sm text-slate-300">{t`You may not see the other members of this team.`}</p>}
      {canRead && members.isPending && <Spinner />}
      {members.isError && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, members.error, msg`An error occurred`)}
        </p>
      )}
      <ul className="grid grid-cols-1 gap-1">
        {members.data?.map((member) => {
          const shown = {
            id: member.id,
            label: member.name ?? member.email ?? t`Member without a name`,
            role: member.role,
          };
          return (
            <li
              key={member.id}
              className="flex flex-wrap items-center gap-2 rounded-md bg-black/20 px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 truncate text-slate-100">{shown.label}</span>
              {member.name && member.email && (
                <span className="min-w-0 truncate text-xs text-slate-400">{member.email}</span>
              )}
              {member.id === user.id && <span className="text-xs text-indigo-200">{t`you`}</span>}
              <span className="ml-auto flex items-start gap-1">
                <MemberRoleSelect teamId={team.id} member={shown} callerRole={callerRole} />
                <RemoveMemberButton
                  teamId={team.id}
                  teamName={team.displayName}
                  member={shown}
                  callerRole={callerRole}
                  isCaller={member.id === user.id}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </AccountSection>
  );
}
