import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { restartLiveUpdates } from "@/lib/live-restart";
import { notify } from "@/lib/notify";
import { clearOfflineData } from "@/lib/query-persistence";
import { AccountSection } from "../../components/account-section";
import type { AccountUser } from "../../lib/session/account-user";

/** Deleting the account needs the e-mail typed out; afterwards the visitor is signed out. */
export function DeleteAccountSection({ user }: { user: AccountUser }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirmation = user.primaryEmail ?? user.id;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (String(new FormData(event.currentTarget).get("confirm") ?? "").trim() !== confirmation) return;
    setBusy(true);
    try {
      await user.delete();
      await navigate({ to: "/login" });
      await clearOfflineData(queryClient);
      restartLiveUpdates();
      notify.success(t`Your account was deleted`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
      setBusy(false);
    }
  }

  return (
    <AccountSection id="account-delete" title={t`Delete account`}>
      <form className="grid gap-3 sm:max-w-md" onSubmit={(e) => void onSubmit(e)}>
        <p className="text-sm text-slate-300">
          {t`This deletes your account and signs you out everywhere. It cannot be undone.`}
        </p>
        <div className="grid gap-1">
          <Label htmlFor="delete-confirm">{t`Type ${confirmation} to confirm`}</Label>
          <Input
            id="delete-confirm"
            name="confirm"
            required
            pattern={confirmation.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}
            autoComplete="off"
          />
        </div>
        <div>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy && <Spinner />}
            {t`Delete my account`}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
