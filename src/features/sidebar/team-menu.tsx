import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound, Plus, Settings2, Users } from "lucide-react";
import {
  DropdownMenuItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from "@/components/ui/dropdown-menu";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { accountProjectQuery, accountUserQuery } from "@/lib/session/account-user";
import { teamsQuery, useRefreshTeams } from "@/lib/teams-sdk";

/**
 * The team switcher: the user's teams with the selected one marked, team creation where the
 * project allows it, and the selected team's page. Asked for only while the menu is open, so the
 * SDK stays out of the first paint; shown once that answer says teams can be had here.
 */
export function TeamMenu({ open, onCreateTeam }: { open: boolean; onCreateTeam(): void }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshTeams();
  const user = useQuery({ ...accountUserQuery(), enabled: open });
  const teams = useQuery({ ...teamsQuery(), enabled: open });
  const project = useQuery({ ...accountProjectQuery(), enabled: open });
  const selected = user.data?.selectedTeam ?? null;
  const failure = user.error ?? teams.error;

  async function select(teamId: string) {
    const team = teams.data?.find((candidate) => candidate.id === teamId);
    if (!team || !user.data || teamId === selected?.id) return;
    const name = team.displayName;
    try {
      await user.data.setSelectedTeam(team);
      await refresh();
      notify.success(t`Switched to ${name}`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    }
  }

  // Only where teams can be had: the project lets users create them, or the user is in one.
  const creationAllowed = project.data?.config.clientTeamCreationEnabled === true;
  if (!failure && (!project.data || !teams.data)) return null;
  if (!failure && !creationAllowed && teams.data?.length === 0) return null;

  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <Users aria-hidden="true" />
        <span className="flex min-w-0 flex-col">
          <span>{t`Teams`}</span>
          {selected && <span className="truncate text-xs text-slate-400">{selected.displayName}</span>}
        </span>
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent className="max-w-72">
        {failure ? (
          <DropdownMenuItem disabled>{errorText(i18n, failure, msg`An error occurred`)}</DropdownMenuItem>
        ) : !teams.data || !user.data ? (
          <DropdownMenuItem disabled>{t`Loading...`}</DropdownMenuItem>
        ) : teams.data.length === 0 ? (
          <DropdownMenuItem disabled>{t`You are in no team yet. Create one below.`}</DropdownMenuItem>
        ) : (
          <DropdownMenuRadioGroup value={selected?.id ?? ""} onValueChange={(id) => void select(id)}>
            {teams.data.map((team) => (
              <DropdownMenuRadioItem key={team.id} value={team.id}>
                <span className="truncate">{team.displayName}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        )}
        {(creationAllowed || selected) && <DropdownMenuSeparator />}
        {creationAllowed && (
          <DropdownMenuItem onSelect={onCreateTeam}>
            <Plus aria-hidden="true" />
            {t`Create team`}
          </DropdownMenuItem>
        )}
        {selected && (
          <DropdownMenuItem asChild>
            <Link to="/teams/$teamId" params={{ teamId: selected.id }}>
              <Settings2 aria-hidden="true" />
              {t`Team settings`}
            </Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}

/** "API keys" under "Account settings", where the project lets users have keys. */
export function ApiKeysMenuItem({ open }: { open: boolean }) {
  const { t } = useLingui();
  const project = useQuery({ ...accountProjectQuery(), enabled: open });
  if (!project.data?.config.allowUserApiKeys) return null;
  return (
    <DropdownMenuItem asChild>
      <Link to="/api-keys">
        <KeyRound aria-hidden="true" />
        {t`API keys`}
      </Link>
    </DropdownMenuItem>
  );
}
