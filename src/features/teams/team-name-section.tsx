import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { AccountSection } from "@/components/account-section";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type SdkTeam, useRefreshTeams } from "../../lib/teams-sdk";
import { renameTeam } from "./team-lifecycle-api";

/** Renaming, for members holding $update_team. */
export function TeamNameSection({ team }: { team: SdkTeam }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshTeams();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!displayName || displayName === team.displayName) return;
    setBusy(true);
    try {
      await renameTeam(team.id, displayName);
      await refresh();
      notify.success(t`Team renamed`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="team-name" title={t`Team name`}>
      <form className="flex max-w-lg flex-wrap items-end gap-2" onSubmit={(e) => void onSubmit(e)}>
        <div className="grid flex-1 gap-1">
          <Label htmlFor="team-name-input">{t`Team name`}</Label>
          <Input
            id="team-name-input"
            name="name"
            defaultValue={team.displayName}
            required
            maxLength={200}
            autoComplete="off"
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {t`Rename`}
        </Button>
      </form>
    </AccountSection>
  );
}
