import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { AccountSection } from "@/components/account-section";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type SdkTeam, useRefreshTeams } from "../../lib/teams-sdk";
import { leaveTeam } from "./team-lifecycle-api";

/** Leaving needs no permission; coming back needs a new invitation. */
export function LeaveTeamSection({ team }: { team: SdkTeam }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshTeams();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const teamName = team.displayName;

  async function leave() {
    setBusy(true);
    try {
      await leaveTeam(team.id);
      setConfirming(false);
      await navigate({ to: "/" });
      await refresh();
      notify.success(t`You left ${teamName}`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
      setBusy(false);
    }
  }

  return (
    <AccountSection id="team-leave" title={t`Leave team`}>
      <p className="text-sm text-slate-300">{t`You lose access to this team until someone invites you again.`}</p>
      <div>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {t`Leave team`}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Leave team`}
        description={t`Leave "${teamName}"? You need a new invitation to come back.`}
        pending={busy}
        onConfirm={() => void leave()}
      />
    </AccountSection>
  );
}
