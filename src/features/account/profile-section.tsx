import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { AccountSection } from "../../components/account-section";
import { type AccountUser, useRefreshAccount } from "../../lib/session/account-user";

/** Display name and avatar image (a URL; the initials avatar stands in without one). */
export function ProfileSection({ user }: { user: AccountUser }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshAccount();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const image = String(form.get("image") ?? "").trim();
    setBusy(true);
    try {
      await user.update({
        displayName: String(form.get("name") ?? "").trim() || null,
        profileImageUrl: image || null,
      });
      await refresh();
      notify.success(t`Profile saved`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="account-profile" title={t`Profile`}>
      <form className="grid gap-3 sm:max-w-md" onSubmit={(e) => void onSubmit(e)}>
        <div className="grid gap-1">
          <Label htmlFor="profile-name">{t`Display name`}</Label>
          <Input
            id="profile-name"
            name="name"
            defaultValue={user.displayName ?? ""}
            maxLength={200}
            autoComplete="name"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="profile-image">{t`Avatar image URL`}</Label>
          <Input
            id="profile-image"
            name="image"
            type="url"
            defaultValue={user.profileImageUrl ?? ""}
            placeholder="https://example.com/me.png"
          />
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            {t`Save profile`}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
