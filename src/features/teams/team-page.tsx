import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { bothQueries, QueryState } from "@/components/query-state";
import { ApiKeysSection } from "@/features/api-keys/api-keys-section";
import { accountProjectQuery, accountUserQuery } from "@/lib/session/account-user";
import { myTeamsQuery } from "@/lib/workspace/workspaces-api";
import {
  listTeamApiKeys,
  type SdkTeam,
  type SdkUser,
  teamKeys,
  teamMembersQuery,
  teamPermissionsQuery,
  teamsQuery,
} from "../../lib/teams-sdk";
import { DeleteTeamSection } from "./delete-team-section";
import { LeaveTeamSection } from "./leave-team-section";
import { TeamActivitySection } from "./team-activity-section";
import { TeamInvitationsSection } from "./team-invitations-section";
import { TeamMembersSection } from "./team-members-section";
import { TeamNameSection } from "./team-name-section";
import { TeamPermissionsSection } from "./team-permissions-section";
import { TransferOwnershipSection } from "./transfer-ownership-section";

/** /teams/{id}: one of the signed-in user's teams, with what their permissions there allow. */
export function TeamPage({ teamId }: { teamId: string }) {
  const { t } = useLingui();
  const user = useQuery(accountUserQuery());
  const teams = useQuery(teamsQuery());

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-8">
      <QueryState query={bothQueries(user, teams)} errorFallback={msg`An error occurred`}>
        {([signedIn, list]) => {
          const team = list.find((candidate) => candidate.id === teamId);
          return team ? (
            // Keyed by the stored name, so the rename form starts from it after every change.
            <TeamDetails key={`${team.id}|${team.displayName}`} user={signedIn} team={team} />
          ) : (
            <>
              <h1 className="text-2xl font-semibold text-white">{t`Team not found`}</h1>
              <p className="text-slate-300">{t`This team does not exist, or you are not one of its members.`}</p>
              <p>
                <Link to="/" className="text-indigo-300 hover:underline">
                  {t`Back to your apps`}
                </Link>
              </p>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

function TeamDetails({ user, team }: { user: SdkUser; team: SdkTeam }) {
  const { t } = useLingui();
  const permissions = useQuery(teamPermissionsQuery(user, team));
  const project = useQuery(accountProjectQuery());
  const can = (permission: string) => permissions.data?.has(permission) === true;
  const callerRole = useQuery(myTeamsQuery()).data?.find((candidate) => candidate.id === team.id)?.role ?? null;
  const teamName = team.displayName;
  // The same query as the members section: one request for both.
  const members = useQuery({ ...teamMembersQuery(team), enabled: can("$read_members") });

  return (
    <>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold break-words text-white">{teamName}</h1>
      </div>
      {can("$update_team") && <TeamNameSection team={team} />}
      <TeamMembersSection user={user} team={team} canRead={can("$read_members")} />
      <TeamPermissionsSection permissions={permissions} />
      {can("$invite_members") && (
        <TeamInvitationsSection
          team={team}
          callerRole={callerRole}
          canRevoke={can("$remove_members")}
          canList={can("$read_members")}
        />
      )}
      {can("$manage_api_keys") && project.data?.config.allowTeamApiKeys && (
        <ApiKeysSection
          id="team-api-keys"
          title={t`Team API keys`}
          owner={{
            queryKey: teamKeys.apiKeys(team.id),
            list: () => listTeamApiKeys(team),
            create: (options) => team.createApiKey(options),
          }}
        />
      )}
      {callerRole !== null && (
        <TeamActivitySection
          teamId={team.id}
          members={(members.data ?? []).map((member) => ({
            id: member.id,
            label: member.email ?? member.name ?? member.id,
          }))}
        />
      )}
      {callerRole === "owner" && <TransferOwnershipSection user={user} team={team} />}
      <LeaveTeamSection team={team} />
      {can("$delete_team") && <DeleteTeamSection team={team} />}
    </>
  );
}
