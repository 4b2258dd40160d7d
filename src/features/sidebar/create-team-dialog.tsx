import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useRefreshTeams } from "@/lib/teams-sdk";
import { createTeam } from "../teams/team-lifecycle-api";

/**
 * Creates a team (through the app API, as the user) and opens its page; the workspace switcher also selects it as
 * the workspace (onCreated). Loaded when someone chooses it.
 */
export default function CreateTeamDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated?(teamId: string): void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshTeams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!displayName) return;
    setError(null);
    setBusy(true);
    try {
      // Through the app API, which records who created it in the team's activity.
      const team = await createTeam(displayName);
      await refresh();
      onCreated?.(team.id);
      onOpenChange(false);
      notify.success(t`Team ${displayName} created`);
      await navigate({ to: "/teams/$teamId", params: { teamId: team.id } });
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`Create team`}</DialogTitle>
          <DialogDescription>{t`You become its first member and can invite others.`}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
          <div className="grid gap-2">
            <Label htmlFor="create-team-name">{t`Team name`}</Label>
            <Input id="create-team-name" name="name" required maxLength={200} autoComplete="off" />
          </div>
          <DialogFormEnd error={error} pending={busy} disabled={busy}>
            {t`Create team`}
          </DialogFormEnd>
        </form>
      </DialogContent>
    </Dialog>
  );
}
