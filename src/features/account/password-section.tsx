import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useRef, useState } from "react";
import { FormError } from "@/components/auth-card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { checkNewPassword } from "@/lib/password-rules";
import { AccountSection } from "../../components/account-section";
import { type AccountUser, useRefreshAccount } from "../../lib/session/account-user";

/** Change the password (old one required), or set one for an account that signed up without. */
export function PasswordSection({ user }: { user: AccountUser }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshAccount();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = String(form.get("new") ?? "");
    const problem = checkNewPassword(next, String(form.get("confirm") ?? ""));
    if (problem === "mismatch") return setError(t`Passwords do not match.`);
    if (problem === "too-short") return setError(t`Password must be at least 8 characters`);
    setError(null);
    setBusy(true);
    try {
      // The SDK answers a known error (wrong current password, rules not met) rather than throwing.
      const failure = user.hasPassword
        ? await user.updatePassword({ oldPassword: String(form.get("old") ?? ""), newPassword: next })
        : await user.setPassword({ password: next });
      if (failure) {
        setError(errorText(i18n, failure, msg`An error occurred`));
        return;
      }
      formRef.current?.reset();
      await refresh();
      notify.success(t`Password saved`);
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="account-password" title={t`Password`}>
      <form ref={formRef} className="grid gap-3 sm:max-w-md" onSubmit={(e) => void onSubmit(e)}>
        {user.hasPassword ? (
          <div className="grid gap-1">
            <Label htmlFor="password-old">{t`Current password`}</Label>
            <Input id="password-old" name="old" type="password" autoComplete="current-password" required />
          </div>
        ) : (
          <p className="text-sm text-slate-300">{t`Your account has no password yet. Set one to sign in with it.`}</p>
        )}
        <div className="grid gap-1">
          <Label htmlFor="password-new">{t`New password`}</Label>
          <Input id="password-new" name="new" type="password" autoComplete="new-password" required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="password-confirm">{t`Confirm new password`}</Label>
          <Input id="password-confirm" name="confirm" type="password" autoComplete="new-password" required />
        </div>
        <FormError message={error} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            {user.hasPassword ? t`Change password` : t`Set password`}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
