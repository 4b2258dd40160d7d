import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { AccountSection } from "@/components/account-section";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type SdkTeam, useRefreshTeams } from "../../lib/teams-sdk";

/** Deleting, for members holding $delete_team, after typing the team's name. */
export function DeleteTeamSection({ team }: { team: SdkTeam }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshTeams();
  const [busy, setBusy] = useState(false);
  const confirmation = team.displayName;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (String(new FormData(event.currentTarget).get("confirm") ?? "").trim() !== confirmation.trim()) return;
    setBusy(true);
    try {
      await team.delete();
      await navigate({ to: "/" });
      await refresh();
      notify.success(t`Team deleted`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
      setBusy(false);
    }
  }

  return (
    <AccountSection id="team-delete" title={t`Delete team`}>
      <form className="grid gap-3 sm:max-w-md" onSubmit={(e) => void onSubmit(e)}>
        <p className="text-sm text-slate-300">
          {t`This deletes the team with its memberships, invitations and API keys. Its members keep their accounts. It cannot be undone.`}
        </p>
        <div className="grid gap-1">
          <Label htmlFor="team-delete-confirm">{t`Type ${confirmation} to confirm`}</Label>
          <Input
            id="team-delete-confirm"
            name="confirm"
            required
            pattern={confirmation.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}
            autoComplete="off"
          />
        </div>
        <div>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy && <Spinner />}
            {t`Delete team`}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
