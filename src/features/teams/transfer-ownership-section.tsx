import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { AccountSection } from "@/components/account-section";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { type SdkTeam, type SdkUser, teamMembersQuery } from "../../lib/teams-sdk";
import { TransferOwnershipDialog } from "./transfer-ownership-dialog";

/** For the owner: pick another member and hand the team over (confirmed in a dialog). */
export function TransferOwnershipSection({ user, team }: { user: SdkUser; team: SdkTeam }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const members = useQuery(teamMembersQuery(team));
  const others = (members.data ?? [])
    .filter((member) => member.id !== user.id)
    .map((member) => ({ id: member.id, label: member.name ?? member.email ?? t`Member without a name` }));
  const [chosen, setChosen] = useState("");
  const [confirming, setConfirming] = useState<{ id: string; label: string } | null>(null);
  const target = others.find((member) => member.id === chosen) ?? null;

  return (
    <AccountSection id="team-transfer" title={t`Transfer ownership`}>
      <p className="text-sm text-slate-300">
        {t`The new owner may delete the team and transfer it again; you stay in the team as an admin.`}
      </p>
      {members.isPending && <Spinner />}
      {members.isError && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, members.error, msg`An error occurred`)}
        </p>
      )}
      {members.data && others.length === 0 && (
        <p className="text-sm text-slate-300">{t`Invite someone first: ownership can only go to a member.`}</p>
      )}
      {others.length > 0 && (
        <div className="flex max-w-lg flex-wrap items-end gap-2">
          <div className="grid flex-1 gap-1">
            <Label htmlFor={id}>{t`New owner`}</Label>
            <select
              id={id}
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              className="h-9 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100"
            >
              <option value="">{t`Choose a member`}</option>
              {others.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.label}
                </option>
              ))}
            </select>
          </div>
          <Button variant="destructive" disabled={!target} onClick={() => setConfirming(target)}>
            {t`Transfer ownership…`}
          </Button>
        </div>
      )}
      <TransferOwnershipDialog
        teamId={team.id}
        teamName={team.displayName}
        member={confirming}
        onClose={() => {
          setConfirming(null);
          setChosen("");
        }}
      />
    </AccountSection>
  );
}
