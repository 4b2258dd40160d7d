import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { AccountSection } from "@/components/account-section";
import { TypedNameConfirmDialog } from "@/components/typed-name-confirm-dialog";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type SdkTeam, useRefreshTeams } from "../../lib/teams-sdk";
import { deleteTeam } from "./team-lifecycle-api";

/**
 * Deleting, for members holding $delete_team: the confirmation every deletion of an app, a
 * database or a team uses, which waits for the team's name to be typed.
 */
export function DeleteTeamSection({ team }: { team: SdkTeam }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshTeams();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const what = t`This deletes the team with its memberships, invitations and API keys. Its members keep their accounts. It cannot be undone.`;

  async function onDelete() {
    setBusy(true);
    setFailure(null);
    try {
      await deleteTeam(team.id);
      setOpen(false);
      await navigate({ to: "/" });
      await refresh();
      notify.success(t`Team deleted`);
    } catch (e) {
      setFailure(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="team-delete" title={t`Delete team`}>
      <div className="grid gap-3 sm:max-w-md">
        <p className="text-sm text-slate-300">{what}</p>
        <div>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            {t`Delete team`}
          </Button>
        </div>
      </div>
      <TypedNameConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          if (!next) setFailure(null);
        }}
        name={team.displayName}
        title={t`Delete team`}
        description={what}
        pending={busy}
        pendingLabel={t`Deleting...`}
        error={failure}
        onConfirm={() => void onDelete()}
      />
    </AccountSection>
  );
}
